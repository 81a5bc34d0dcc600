/**
 * Play functions and sample text in the story's language. Stories run in Arabic and in English (see
 * vitest.config.ts), so a play function never looks for an English literal: it translates the same
 * Lingui message the component renders, through the catalog of the story's `locale` global.
 *
 *   const t = translator(context);
 *   await userEvent.click(canvas.getByRole("button", { name: t(msg`Save Edits`) }));
 *
 * A message compiled here has the same id as the component's (Lingui ids hash the source text and
 * context), so its translation comes from the catalog the app ships.
 */
import type { MessageDescriptor } from "@lingui/core";
import { getI18n } from "@/lib/i18n/catalogs";
import type { Locale } from "@/lib/i18n/locale";

type WithGlobals = { globals: Record<string, unknown> };

export const localeOf = (context: WithGlobals): Locale => (context.globals.locale === "en" ? "en" : "ar");

/** The language the story is not in (where the language toggle leads). */
export const otherLocale = (context: WithGlobals): Locale => (localeOf(context) === "en" ? "ar" : "en");

/** Translates a message into the story's language (the catalog is loaded by preview.tsx's loader). */
export function translator(context: WithGlobals) {
  const i18n = getI18n(localeOf(context));
  return (descriptor: MessageDescriptor) => i18n._(descriptor);
}

/** Picks the value for the story's language: sample content that is not a message of the app. */
export const inLocale = <T>(context: WithGlobals, values: Record<Locale, T>): T => values[localeOf(context)];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A name that begins with the text: a field label followed by its required marker, a button with a count. */
export const startingWith = (text: string) => new RegExp(`^\\s*${escape(text)}`);

/** A name that contains the text anywhere (an alert that adds a detail after the message). */
export const containing = (text: string) => new RegExp(escape(text));
