/**
 * The Others group's options (docs/product.md#leads): every dial code in libphonenumber-js metadata and every
 * country as the city list, named in the visitor's language by Intl.DisplayNames. Loaded on demand,
 * when the visitor picks Others (the `max` metadata it reads is the phone rule's, already loaded with the form).
 */
import { type CountryCode, getCountries, getCountryCallingCode } from "libphonenumber-js/max";
import type { DialCodeOption } from "@/components/forms/dial-code-field";

export interface CityOption {
  /** English country name, what the CRM receives. */
  value: string;
  label: string;
}

/** ISO regions that are not countries people live in or are not in CLDR's region names. */
const SKIP = new Set(["AC", "TA", "XK"]);

/** One option per dial code (about 200), sorted by code; each named after its countries. */
export function othersDialCodes(intl: string): DialCodeOption[] {
  const names = new Intl.DisplayNames([intl], { type: "region" });
  const byCode = new Map<string, CountryCode[]>();
  for (const region of getCountries()) {
    const code = getCountryCallingCode(region);
    byCode.set(code, [...(byCode.get(code) ?? []), region]);
  }
  const preferred: Record<string, CountryCode> = {
    "1": "US",
    "7": "RU",
    "44": "GB",
    "47": "NO",
    "61": "AU",
    "212": "MA",
    "262": "RE",
    "290": "SH",
    "358": "FI",
    "590": "GP",
    "599": "CW",
  };
  return [...byCode.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, regions]) => {
      const main = preferred[code] && regions.includes(preferred[code]) ? preferred[code] : regions[0]!;
      // North America shares +1: name both countries people look for.
      const shown = code === "1" ? (["US", "CA"] as CountryCode[]) : [main];
      const name = shown.map((r) => names.of(r) ?? r).join(" / ");
      const label = `+${code} · ${name}`;
      return { id: `+${code}`, dial: `+${code}`, label };
    });
}

/** Every country (about 240 territories in the metadata), sorted by its name in the visitor's language. */
export function countryCities(intl: string): CityOption[] {
  const local = new Intl.DisplayNames([intl], { type: "region" });
  const english = new Intl.DisplayNames(["en"], { type: "region" });
  const collator = new Intl.Collator(intl);
  return getCountries()
    .filter((r) => !SKIP.has(r) && local.of(r) !== r)
    .map((r) => ({ value: english.of(r) ?? r, label: local.of(r) ?? r }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

export const OTHERS_FIRST_CODE = "+1";
