/**
 * What the stored values of the visitor forms mean, in words: the sales notification
 * (./templates.ts) and the lead in the admin show the same labels in their language.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** `country`: the sales lead's group (UAE / Others) or the article booking's country (uae, canada, …). */
const COUNTRY_VALUES: Readonly<Record<string, MessageDescriptor>> = {
  UAE: msg`UAE`,
  Others: msg`Outside the UAE`,
  uae: msg`United Arab Emirates`,
  canada: msg`Canada`,
  usa: msg`United States`,
  uk: msg`United Kingdom`,
  other: msg`Other`,
};

/** The label of a stored `country` value, or null for any other value (shown as stored). */
export function countryValueLabel(value: unknown): MessageDescriptor | null {
  return typeof value === "string" && Object.hasOwn(COUNTRY_VALUES, value) ? COUNTRY_VALUES[value]! : null;
}

/** The consent record a form stores with its data (src/lib/forms/schemas.ts), when it has that shape. */
export function consentOf(value: unknown): { version: string | null; marketing: boolean } | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const c = value as { version?: unknown; marketing?: unknown };
  return { version: typeof c.version === "string" && c.version ? c.version : null, marketing: c.marketing === true };
}
