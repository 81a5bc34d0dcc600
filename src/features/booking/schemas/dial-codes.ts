/**
 * The demo dialog's country-code list (docs/product.md#booking, 18 entries). Only the regions are written here; the
 * dial codes come from libphonenumber-js metadata (`max`, the one the phone rule uses: one copy in the bundle) and the names from Intl.DisplayNames.
 */
import { type CountryCode, getCountryCallingCode } from "libphonenumber-js/max";
import type { DialCodeOption } from "@/components/forms/dial-code-field";

const DEMO_DIAL_REGIONS: readonly CountryCode[] = [
  "AE",
  "US",
  "CA",
  "GB",
  "FR",
  "DE",
  "IN",
  "CN",
  "JP",
  "AU",
  "SA",
  "KW",
  "QA",
  "BH",
  "OM",
  "JO",
  "LB",
  "EG",
];

export const DEFAULT_DIAL_CODE = "+971";
export const DEFAULT_DIAL_COUNTRY = "AE";

export function demoDialCodes(intl: string): DialCodeOption[] {
  const names = new Intl.DisplayNames([intl], { type: "region" });
  return DEMO_DIAL_REGIONS.map((region) => {
    const dial = `+${getCountryCallingCode(region)}`;
    return { id: region, dial, label: `${names.of(region) ?? region} (${dial})` };
  });
}
