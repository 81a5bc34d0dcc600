/**
 * Phone numbers in the staff screens (docs/leads.md#phones): shown grouped the international way
 * ("+971 50 123 4567"), and found by the inbox search in any form people type them.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** A stored phone as staff read it: "+971501234567" → "+971 50 123 4567"; what cannot be read stays as stored. */
export function displayPhone(phone: string | null | undefined): string {
  const raw = (phone ?? "").trim();
  if (!raw) return "";
  return parsePhoneNumberFromString(raw)?.formatInternational() ?? raw;
}

/** The shortest number the phone search looks for (fewer digits match too many people). */
const MIN_PHONE_SEARCH_DIGITS = 7;

/**
 * What the inbox search looks for when someone types a phone number: the digits a lead's
 * `phone_digits` ends with. The national form ("0501234567", "501234567") and the international ones
 * ("+971 50 123 4567", "00971501234567", "971501234567") of one number all find "+971501234567": "00"
 * and a leading trunk "0" are dropped, and a number given with its calling code also finds one stored
 * with the trunk 0 the visitor typed after it ("+9710501234567", how older sales leads were stored).
 * Null when the text is not a phone number of at least 7 digits (the search then reads it as text).
 */
export function phoneSearchSuffixes(text: string): string[] | null {
  const raw = text.trim();
  if (!/^[+\d\s().\-/]+$/.test(raw)) return null;
  let digits = raw.replace(/\D/g, "");
  const international = raw.startsWith("+") || digits.startsWith("00");
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length < MIN_PHONE_SEARCH_DIGITS || digits.length > 15) return null;
  const suffixes = [digits];
  if (international || digits.length >= 10) {
    const parsed = parsePhoneNumberFromString(`+${digits}`);
    if (parsed?.isValid() && `${parsed.countryCallingCode}${parsed.nationalNumber}` === digits) {
      suffixes.push(`${parsed.countryCallingCode}0${parsed.nationalNumber}`);
    }
  }
  return suffixes;
}

/** A suffix as the prefix of `phone_digits_reversed` (the indexed column the search reads). */
export const reversedDigits = (digits: string) => [...digits].reverse().join("");

/** A stored phone in its international form without spaces ("+9710501234567" → "+971501234567"); as stored when unreadable. */
export function e164Phone(phone: string | null | undefined): string {
  const raw = (phone ?? "").trim();
  if (!raw) return "";
  return parsePhoneNumberFromString(raw)?.number ?? raw;
}
