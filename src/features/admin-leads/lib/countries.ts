/**
 * Countries as staff read and look for them (docs/leads.md#country): a lead's `country_code` (ISO 3166-1
 * alpha-2, set by the database) named in the admin's language, and the inbox's country filter, which
 * finds the codes whose English or Arabic name contains what was typed ("Canada", "كندا", "Saudi",
 * "السعودية"), whatever the admin's language.
 */
import { getCountries } from "libphonenumber-js/min";

/** Regions in the phone metadata that are not countries people live in, or that CLDR does not name. */
const SKIP = new Set(["AC", "TA", "XK"]);
/** Everyday short names that no country's full name contains. */
const ALIASES: Readonly<Record<string, string>> = {
  uae: "AE",
  usa: "US",
  us: "US",
  uk: "GB",
  ksa: "SA",
  [fold("أمريكا")]: "US",
  [fold("بريطانيا")]: "GB",
};

const displayNames = new Map<string, Intl.DisplayNames>();
function names(locale: string): Intl.DisplayNames {
  let n = displayNames.get(locale);
  if (!n) {
    n = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    displayNames.set(locale, n);
  }
  return n;
}

/** Every country code the forms know (about 240), the ones the browser cannot name left out. */
function countryCodes(): string[] {
  const en = names("en");
  return getCountries().filter((c) => !SKIP.has(c) && en.of(c) !== c);
}

/** A country code's name in a language ("CA", "ar" → "كندا"); the code itself when unknown. */
export function countryName(code: string, locale: string): string {
  try {
    return names(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Text folded for matching: lower case, accents and Arabic diacritics dropped, the forms of alef, yeh
 * and teh marbuta made one ("Türkiye" ~ "turkiye", "السعوديه" ~ "السعودية", "الامارات" ~ "الإمارات").
 */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, "")
    .toLowerCase()
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The country codes a typed country means: the countries whose name in English or Arabic (or the
 * admin's language) is exactly the text, else those whose name contains it; a two-letter code or a
 * short name (UAE, USA, UK, KSA) means that country. Null when the text is empty (no filter); an empty
 * list when nothing matches.
 */
export function countryCodesMatching(text: string, locale = "en"): string[] | null {
  const q = fold(text);
  if (!q) return null;
  const all = countryCodes();
  const alias = ALIASES[q] ?? (/^[a-z]{2}$/.test(q) && all.includes(q.toUpperCase()) ? q.toUpperCase() : null);
  if (alias) return [alias];
  const locales = [...new Set(["en", "ar", locale])];
  const exact: string[] = [];
  const partial: string[] = [];
  for (const code of all) {
    const folded = locales.map((l) => fold(countryName(code, l)));
    if (folded.includes(q)) exact.push(code);
    else if (folded.some((n) => n.includes(q))) partial.push(code);
  }
  return exact.length ? exact : partial;
}

/** Every country's name in a language, sorted as that language sorts them (the filter's suggestions). */
export function countryNames(locale: string): string[] {
  const collator = new Intl.Collator(locale);
  return countryCodes()
    .map((c) => countryName(c, locale))
    .sort((a, b) => collator.compare(a, b));
}
