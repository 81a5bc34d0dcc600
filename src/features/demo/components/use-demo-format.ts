import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import type { Listing } from "../content/listings";

/** Numbers, prices, the call timer and listing lines in the page's language. */
export function useDemoFormat() {
  const { intl, locale } = useLocale();
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const aed = new Intl.NumberFormat(intl, { style: "currency", currency: "AED", maximumFractionDigits: 0 });
    const twoDigits = new Intl.NumberFormat(intl, { minimumIntegerDigits: 2, useGrouping: false });
    const pct = new Intl.NumberFormat(intl, { style: "percent", maximumFractionDigits: 0 });
    const bedrooms = (count: number) => t({ message: plural(count, { one: "# bedroom", other: "# bedrooms" }) });
    return {
      /** The list separator between parts of a listing line ("،" in Arabic). */
      comma: locale === "ar" ? "، " : ", ",
      price: (amount: number) => aed.format(amount),
      /** mm:ss */
      timer: (seconds: number) => `${twoDigits.format(Math.floor(seconds / 60))}:${twoDigits.format(seconds % 60)}`,
      percent: (value: number) => pct.format(value / 100),
      bedrooms,
      building: (l: Listing) => i18n._(l.building),
      location: (l: Listing) => i18n._(l.location),
      /** "Marina Crest Tower, Dubai Marina · 2 bedrooms · AED 2,450,000" (for select options). */
      option: (l: Listing) => t`${i18n._(l.building)}, ${i18n._(l.location)} · ${bedrooms(l.bedrooms)} · ${aed.format(l.price)}`,
    };
  }, [intl, locale, t, i18n]);
}
