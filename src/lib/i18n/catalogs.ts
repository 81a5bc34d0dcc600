/**
 * One Lingui instance per language, created when its catalog is first needed. Each language's
 * catalog is its own chunk, so a page downloads only the language it shows. Separate instances (not
 * the global `i18n`) keep concurrent server renders in different languages from affecting each other.
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { Locale } from "./locale";

const load: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ar: () => import("../../../locales/ar/messages.po"),
  en: () => import("../../../locales/en/messages.po"),
};

const instances = new Map<Locale, I18n>();
const pending = new Map<Locale, Promise<I18n>>();

export function loadI18n(locale: Locale): Promise<I18n> {
  const ready = instances.get(locale);
  if (ready) return Promise.resolve(ready);
  let p = pending.get(locale);
  if (!p) {
    p = load[locale]().then(({ messages }) => {
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      instances.set(locale, i18n);
      return i18n;
    });
    pending.set(locale, p);
  }
  return p;
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
