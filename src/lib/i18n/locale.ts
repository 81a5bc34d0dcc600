/**
 * The language rule (docs/product.md#routes): any path whose first segment is `en` is English, everything else is
 * Arabic. Arabic is the default and lives at the root; English lives under `/en`.
 */
export type Locale = "ar" | "en";

export const directionOf = (locale: Locale): "rtl" | "ltr" => (locale === "ar" ? "rtl" : "ltr");

const EN_PREFIX = /^\/en(?=\/|$|\?|#)/;

export function localeFromPath(pathname: string): Locale {
  return EN_PREFIX.test(pathname) ? "en" : "ar";
}

/** The path without its language prefix: "/en/blog" → "/blog", "/en" → "/". */
export function stripLocale(pathname: string): string {
  const stripped = pathname.replace(EN_PREFIX, "");
  return stripped === "" || stripped.startsWith("?") || stripped.startsWith("#") ? `/${stripped}` : stripped;
}

/** An internal path in the given language: ("/blog", "en") → "/en/blog", ("/", "en") → "/en". */
export function localizePath(path: string, locale: Locale): string {
  const bare = stripLocale(path.startsWith("/") ? path : `/${path}`);
  if (locale === "ar") return bare;
  if (bare === "/") return "/en";
  if (bare.startsWith("/?") || bare.startsWith("/#")) return `/en${bare.slice(1)}`;
  return `/en${bare}`;
}

/**
 * Query parameters that only make sense in the language they were written in, per page: the blog list's
 * search text (Arabic words find nothing among English posts) and so its page number
 * (docs/product.md#shell). Its filters (`filter`, `country`) are the same in both languages.
 */
const LANGUAGE_BOUND_PARAMS: Readonly<Record<string, readonly string[]>> = { "/blog": ["q", "page"] };

/** The same page in the other language (keeps query and hash, except what is bound to the language). */
export function switchLocalePath(pathWithQuery: string, to: Locale): string {
  const [beforeHash = "", ...hashParts] = pathWithQuery.split("#");
  const hash = hashParts.length ? `#${hashParts.join("#")}` : "";
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const bound = LANGUAGE_BOUND_PARAMS[stripLocale(path || "/")];
  if (!bound || queryAt === -1) return localizePath(pathWithQuery, to);
  const params = new URLSearchParams(beforeHash.slice(queryAt + 1));
  for (const name of bound) params.delete(name);
  const query = params.toString();
  return localizePath(`${path}${query ? `?${query}` : ""}${hash}`, to);
}

/** Names of the languages, written in their own language (for the toggle). */
export const localeNames: Record<Locale, string> = { ar: "العربية", en: "English" };

/** BCP 47 tags used with Intl: Arabic (UAE) with Latin digits is what Dubai readers expect online. */
export const intlLocale: Record<Locale, string> = { ar: "ar-AE", en: "en-US" };

/**
 * A page's address in each language when it is not the same path under the other prefix (an article and
 * its translation, or the other language's blog list when there is none). A route's loader data carries it
 * as `localeAlternates`; the language toggle follows it.
 */
export type LocaleAlternates = Partial<Record<Locale, string>>;

/** The `localeAlternates` of the deepest route data that has them. */
export function localeAlternatesOf(matches: ReadonlyArray<{ data?: unknown; loaderData?: unknown } | undefined>): LocaleAlternates | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const d = (m?.loaderData ?? m?.data) as { localeAlternates?: LocaleAlternates } | null | undefined;
    if (d && typeof d === "object" && d.localeAlternates) return d.localeAlternates;
  }
  return null;
}
