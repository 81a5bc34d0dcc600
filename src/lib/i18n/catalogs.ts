/**
 * One Lingui instance per language, created when its catalog is first needed. Each language's
 * catalog is its own chunk, so a page downloads only the language it shows. Separate instances (not
 * the global `i18n`) keep concurrent server renders in different languages from affecting each other.
 *
 * Each language's catalog comes in two parts (scripts/vite-plugin-lingui-scopes.ts): the messages of
 * public files, and those only the admin uses (its pages, its sign-in pages, the server's mail). The
 * browser loads the admin part only on admin pages (`/admin…`, `/en/admin…`); once it has, every
 * language it loads comes whole (the admin shows replies and posts in the other language). The server
 * always loads both.
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { isAdminPath } from "../routes/paths";
import type { Locale } from "./locale";

type Part = "public" | "admin";

const load: Record<Locale, Record<Part, () => Promise<{ messages: Messages }>>> = {
  ar: {
    public: () => import("../../../locales/ar/messages.po?scope=public"),
    admin: () => import("../../../locales/ar/messages.po?scope=admin"),
  },
  en: {
    public: () => import("../../../locales/en/messages.po?scope=public"),
    admin: () => import("../../../locales/en/messages.po?scope=admin"),
  },
};

/** Whether a path is one of the admin's pages, whose messages are in the admin part (the route table's admin area). */
export { isAdminPath };

let adminWanted = typeof window === "undefined";
const instances = new Map<Locale, I18n>();
const pending = new Map<string, Promise<I18n>>();

function loadPart(locale: Locale, part: Part): Promise<I18n> {
  const key = `${locale}:${part}`;
  let p = pending.get(key);
  if (!p) {
    p = (part === "admin" ? loadPart(locale, "public") : Promise.resolve(null)).then(async () => {
      const { messages } = await load[locale][part]();
      let i18n = instances.get(locale);
      if (i18n) i18n.load(locale, messages);
      else {
        i18n = setupI18n({ locale, messages: { [locale]: messages } });
        instances.set(locale, i18n);
      }
      return i18n;
    });
    p.catch(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

/**
 * The instance of a language with its public messages, and its admin ones too when `admin` is set or
 * an admin page has asked for them before.
 */
export function loadI18n(locale: Locale, options?: { admin?: boolean }): Promise<I18n> {
  if (options?.admin) adminWanted = true;
  return loadPart(locale, adminWanted ? "admin" : "public");
}

/** The instance of a language whose catalog is already loaded. */
export function getI18n(locale: Locale): I18n {
  const i18n = instances.get(locale);
  if (!i18n) throw new Error(`The ${locale} catalog is not loaded yet; await loadI18n("${locale}") first`);
  return i18n;
}

/** For tests and stories: install a ready instance. */
export function registerI18n(i18n: I18n) {
  instances.set(i18n.locale as Locale, i18n);
}
