import { useLingui } from "@lingui/react/macro";
import { useCallback, useMemo } from "react";
import { CHANNELS } from "@/lib/attribution/attribution";
import { useChannelLabel } from "@/lib/attribution/channel-label";
import { useLocale } from "@/lib/i18n/locale-context";

/** Names of the analytics' keys in the admin's language: channels, languages, devices, forms. */
export function useAnalyticsLabels() {
  const { t } = useLingui();
  const channel = useChannelLabel();
  const key = useCallback(
    (dim: string, key: string): string => {
      // A key the site does not know (an old event) counts as a direct visit.
      if (dim === "channel") return channel(CHANNELS.find((c) => c === key) ?? "direct");
      if (dim === "locale") return key === "en" ? t`English` : t`Arabic`;
      if (dim === "device") return key === "mobile" ? t`Phone` : key === "tablet" ? t`Tablet` : t`Computer`;
      if (dim === "source" && key === "") return t`No source (direct)`;
      if (dim === "campaign" && key === "") return t`No campaign`;
      return key;
    },
    [t, channel],
  );
  const form = useCallback(
    (form: string): string => {
      switch (form) {
        case "sales_lead":
          return t`Sales lead form`;
        case "demo_booking":
          return t`Demo booking form`;
        case "article_booking":
          return t`Article booking form`;
        case "newsletter":
          return t`Newsletter sign-up`;
        default:
          return form;
      }
    },
    [t],
  );
  return { key, form };
}

/** Numbers, percentages and days in the admin's locale (Western digits in both languages). */
export function useAnalyticsFormat() {
  const { intl } = useLocale();
  return useMemo(() => {
    const number = new Intl.NumberFormat(intl, { numberingSystem: "latn" });
    const percent = new Intl.NumberFormat(intl, { style: "percent", maximumFractionDigits: 1, numberingSystem: "latn" });
    const signed = new Intl.NumberFormat(intl, {
      style: "percent",
      maximumFractionDigits: 0,
      signDisplay: "exceptZero",
      numberingSystem: "latn",
    });
    const day = new Intl.DateTimeFormat(intl, { day: "numeric", month: "short", timeZone: "UTC", numberingSystem: "latn" });
    const longDay = new Intl.DateTimeFormat(intl, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
      numberingSystem: "latn",
    });
    const asDate = (d: string) => new Date(`${d}T00:00:00Z`);
    return {
      number: (n: number) => number.format(n),
      percent: (n: number | null) => (n === null ? "–" : percent.format(n)),
      change: (n: number) => signed.format(n),
      day: (d: string) => day.format(asDate(d)),
      range: (from: string, to: string) => longDay.formatRange(asDate(from), asDate(to)),
    };
  }, [intl]);
}
