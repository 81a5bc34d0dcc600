// GENERATED from src/lib/forms/phone.ts by scripts/functions-domain.mjs: edit the source, then run it.
/**
 * One phone rule for every form (docs/product.md#leads, #booking; issue 29): what a visitor types or
 * autofills in a phone field, read against the country they chose, becomes one E.164 number or one
 * named problem. Pure, on libphonenumber-js with its `max` metadata (number types: a number must be a
 * mobile or a fixed line of the chosen country, not just match the country's general pattern).
 *
 * Accepted: the national number ("050 123 4567", "50 123 4567"), the international one ("+971 50 123
 * 4567", "00971 50 123 4567"), the international one without its + when it has the chosen code
 * ("971501234567"), with spaces, dashes, dots, slashes or brackets, in Western, Arabic-Indic (٠-٩) or
 * Persian (۰-۹) digits, and with the direction marks copying from a right-to-left page adds.
 *
 * Relative imports only, and libphonenumber-js through the Edge Function's import map
 * (supabase/functions/submit-form/deno.json): this module is bundled into the Edge Function.
 */
import {
  type CountryCode,
  Metadata,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumber,
} from "libphonenumber-js/max";

/** What is wrong with a phone number, each shown with its own message (src/lib/forms/schemas.ts). */
type PhoneProblem =
  /** Nothing typed. */
  | "required"
  /** Letters or other signs that are not part of a phone number. */
  | "characters"
  | "tooShort"
  | "tooLong"
  /** The right length, but no mobile or fixed-line number of the chosen country (or an unknown code). */
  | "invalid"
  /** The number carries the international code of another country than the chosen one. */
  | "otherCountry"
  /** No country was chosen (the article form's "Other"): the number must carry its international code. */
  | "needsCode";

export type PhoneResult =
  | {
      ok: true;
      /** "+971501234567" */
      e164: string;
      /** "+971" */
      dial: string;
      /** The national significant number, "501234567". */
      national: string;
      /** The number's own country ("AE"); for a code several countries share, the one its digits belong to. */
      country: CountryCode | undefined;
    }
  | {
      ok: false;
      problem: PhoneProblem;
      /** For "otherCountry": the number's own code ("+44") and its main country ("GB"). */
      numberDial?: string;
      numberCountry?: CountryCode;
    };

/** The country the visitor chose: its dial code ("+971"), its ISO code ("AE"), or both; neither for "no country". */
export interface PhoneChoice {
  dial?: string;
  country?: string;
}

/** The parts of the metadata's API this module reads (typed loosely by the package). */
interface PlanTypes {
  selectNumberingPlan(country: string): void;
  numberingPlan?: { type(name: string): { possibleLengths(): number[] } | undefined };
  getCountryCodesForCallingCode(code: string): string[] | undefined;
}
const metadata = new Metadata() as unknown as PlanTypes;

/** Arabic-Indic (U+0660–0669) and Persian (U+06F0–06F9) digits as Western ones; everything else as it is. */
export function westernDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** Direction marks and isolates (copied from right-to-left text, added by some keyboards), zero-width and no-break spaces. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * What a phone field keeps of what is typed, as it is typed: Western digits instead of Arabic or
 * Persian ones and no invisible marks; every digit, +, space and separator stays (never shortened).
 */
export function typedPhone(value: string): string {
  return westernDigits(value)
    .replace(INVISIBLE, "")
    .replace(/[\u00A0\u202F\u2007]/g, " ");
}

/** "+971" → "971"; anything else → "". */
const callingCodeOf = (dial: string | undefined) => (dial && /^\+?\d{1,4}$/.test(dial.trim()) ? dial.trim().replace("+", "") : "");

const isCountry = (iso: string | undefined): iso is CountryCode => Boolean(iso && /^[A-Z]{2}$/.test(iso) && isSupportedCountry(iso));
/** An ISO 3166-1 alpha-2 code of a country that has phone numbers ("AE"). */
export const isCountryIso = (value: unknown): value is CountryCode => typeof value === "string" && isCountry(value);

let byEnglishName: Map<string, CountryCode> | null = null;
/** The country of an English name as Intl.DisplayNames gives it ("Canada" → "CA"), what the lead form's country list sends. */
export function countryByEnglishName(name: string): CountryCode | undefined {
  if (!name) return undefined;
  if (!byEnglishName) {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    byEnglishName = new Map(getCountries().map((r) => [names.of(r) ?? r, r]));
  }
  return byEnglishName.get(name);
}

/** The main country of a calling code ("1" → "US", "44" → "GB"). */
function mainCountryOf(callingCode: string): CountryCode | undefined {
  const code = callingCodeOf(callingCode);
  return code ? (metadata.getCountryCodesForCallingCode(code)?.[0] as CountryCode | undefined) : undefined;
}

/** "CA" → "+1". */
export function dialOf(country: string): string | undefined {
  return isCountry(country) ? `+${getCountryCallingCode(country)}` : undefined;
}

/** The national number lengths of mobile and fixed-line numbers of a country (AE: 8 to 9). */
function typicalLengths(country: CountryCode): [number, number] | null {
  metadata.selectNumberingPlan(country);
  const plan = metadata.numberingPlan;
  const lengths = [...(plan?.type("MOBILE")?.possibleLengths() ?? []), ...(plan?.type("FIXED_LINE")?.possibleLengths() ?? [])];
  return lengths.length ? [Math.min(...lengths), Math.max(...lengths)] : null;
}

/** The number types a visitor can be called on. */
const CALLABLE = new Set(["MOBILE", "FIXED_LINE", "FIXED_LINE_OR_MOBILE"]);

type Parsed = ReturnType<typeof parsePhoneNumber>;

function tryParse(text: string, options: { defaultCountry?: CountryCode; defaultCallingCode?: string }): Parsed | null {
  try {
    return parsePhoneNumber(text, options);
  } catch {
    return null;
  }
}

const callable = (p: Parsed | null): boolean => Boolean(p?.isValid() && CALLABLE.has(p.getType() ?? ""));

/** Too short, too long or not valid, for a number whose country is known. */
function lengthProblem(p: Parsed | null, nationalDigits: string, country: CountryCode | undefined): PhoneProblem {
  const national = p?.nationalNumber ?? nationalDigits;
  const plan = country ?? p?.country;
  const range = plan ? typicalLengths(plan) : null;
  if (range && national.length < range[0]) return "tooShort";
  if (range && national.length > range[1]) return "tooLong";
  if (!range && national.length < 4) return "tooShort";
  if (!range && national.length > 14) return "tooLong";
  return "invalid";
}

/**
 * Reads a typed phone number against the chosen country. The chosen dial code wins over the
 * chosen country when they disagree; a country alone gives its dial code.
 */
export function parsePhone(input: string, choice: PhoneChoice = {}): PhoneResult {
  const text = typedPhone(input).trim();
  if (!text) return { ok: false, problem: "required" };
  if (!/^\+?[\d\s().\-/]*$/.test(text)) return { ok: false, problem: "characters" };
  let digits = text.replace(/\D+/g, "");
  if (!digits) return { ok: false, problem: "required" };

  const code = callingCodeOf(choice.dial) || (isCountry(choice.country) ? getCountryCallingCode(choice.country) : "");
  const country: CountryCode | undefined =
    isCountry(choice.country) && getCountryCallingCode(choice.country) === code ? choice.country : code ? mainCountryOf(code) : undefined;

  // "+…" or "00…": the number carries its own code. Without +, the chosen code in front counts as one
  // when the digits make no number of the country without it ("971501234567", not "0501234567").
  let international = text.startsWith("+") || digits.startsWith("00");
  if (digits.startsWith("00") && !text.startsWith("+")) digits = digits.slice(2);
  if (!international && code && digits.startsWith(code)) {
    const asNational = tryParse(digits, country ? { defaultCountry: country } : { defaultCallingCode: code });
    const asInternational = tryParse(`+${digits}`, {});
    if (!callable(asNational) && asInternational?.countryCallingCode === code && callable(asInternational)) international = true;
  }

  if (international) {
    const p = tryParse(`+${digits}`, {});
    if (!p) {
      // Too few digits to hold a code, or a code no country has.
      return { ok: false, problem: digits.length < 4 ? "tooShort" : "invalid" };
    }
    if (code && p.countryCallingCode !== code) {
      return {
        ok: false,
        problem: "otherCountry",
        numberDial: `+${p.countryCallingCode}`,
        numberCountry: p.country ?? mainCountryOf(p.countryCallingCode),
      };
    }
    if (!callable(p)) return { ok: false, problem: lengthProblem(p, p.nationalNumber, code ? country : p.country) };
    return { ok: true, e164: p.number, dial: `+${p.countryCallingCode}`, national: p.nationalNumber, country: p.country };
  }

  if (!code) return { ok: false, problem: "needsCode" };
  const p = tryParse(digits, country ? { defaultCountry: country } : { defaultCallingCode: code });
  if (!p || !callable(p)) {
    const problem = lengthProblem(p, digits.replace(/^0+/, ""), country);
    // "9715012345": the chosen code and too few digits after it reads as too short, not too long.
    if (problem === "tooLong" && digits.startsWith(code)) {
      const rest = digits.slice(code.length).replace(/^0+/, "");
      return { ok: false, problem: lengthProblem(tryParse(`+${code}${rest}`, {}), rest, country) };
    }
    return { ok: false, problem };
  }
  return { ok: true, e164: p.number, dial: `+${p.countryCallingCode}`, national: p.nationalNumber, country: p.country };
}

/**
 * The visitor's country for a number they typed against a choice: the chosen country when it has the
 * number's code, else the country the number's digits belong to, else the code's main country.
 */
export function countryOfChoice(choice: PhoneChoice, result: PhoneResult): CountryCode | undefined {
  if (!result.ok) return isCountry(choice.country) ? choice.country : choice.dial ? mainCountryOf(choice.dial) : undefined;
  if (isCountry(choice.country) && `+${getCountryCallingCode(choice.country)}` === result.dial) return choice.country;
  return result.country ?? mainCountryOf(result.dial);
}

/** The country a number in E.164 belongs to ("+16135550142" → "CA"), or undefined. */
export function countryOfPhone(e164: string): CountryCode | undefined {
  const p = tryParse(e164, {});
  return p ? (p.country ?? mainCountryOf(p.countryCallingCode)) : undefined;
}

/**
 * A number for people to read, international format ("+971501234567" → "+971 50 123 4567"). Anything
 * that is not a number is returned as it came. Show it left to right (`dir="ltr"`, `<bdi>`, or
 * isolated with U+2066…U+2069 in plain text): in Arabic text the + would otherwise move to the end.
 */
export function formatPhone(e164: string): string {
  const p = tryParse(typedPhone(e164).trim(), {});
  return p ? p.formatInternational() : e164;
}
