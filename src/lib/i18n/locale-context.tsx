import { createContext, useContext, useMemo, type ReactNode } from "react";
import { type Locale, directionOf, intlLocale, localizePath } from "./locale";

interface LocaleValue {
  locale: Locale;
  dir: "rtl" | "ltr";
  /** BCP 47 tag for Intl formatting. */
  intl: string;
  /** An internal path in the current language ("/blog" → "/en/blog" in English). */
  href: (path: string) => string;
}

const LocaleContext = createContext<LocaleValue | null>(null);

export function LocaleValueProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo<LocaleValue>(
    () => ({
      locale,
      dir: directionOf(locale),
      intl: intlLocale[locale],
      href: (path: string) => localizePath(path, locale),
    }),
    [locale],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/** The current language. Throws outside its provider, like `useAuth` does (docs/product.md#shell). */
export function useLocale(): LocaleValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error("useLocale must be used within a LocaleProvider");
  return value;
}
