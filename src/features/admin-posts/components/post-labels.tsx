import { Badge } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useMemo } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import { type Category, type Country, type PostLanguage, type PostStatus, categoryLabels, countryLabels } from "../schemas/post";

/** A stored category / country value in the admin's language. */
export function useOptionLabels() {
  const { i18n } = useLingui();
  return {
    category: (value: string) => (value in categoryLabels ? i18n._(categoryLabels[value as Category]) : value),
    country: (value: string) => (value in countryLabels ? i18n._(countryLabels[value as Country]) : value),
  };
}

const languageLabels = { ar: msg`Arabic`, en: msg`English` } as const;

/** A post language's name in the admin's language. */
export function useLanguageLabel() {
  const { i18n } = useLingui();
  return useCallback((language: PostLanguage) => i18n._(languageLabels[language]), [i18n]);
}

/** A time zone as the admin reads it: its name and its offset ("Gulf Standard Time (GMT+4)"). */
export function useZoneLabel(timeZone: string, at: number) {
  const { intl } = useLocale();
  return useMemo(() => {
    const part = (timeZoneName: "long" | "shortOffset") =>
      new Intl.DateTimeFormat(intl, { timeZone, timeZoneName }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
    return `${part("long")} (${part("shortOffset")})`;
    // The label only changes with the zone (and a daylight-saving change, caught on the next render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intl, timeZone, Math.floor(at / 3_600_000)]);
}

export function StatusBadge({ status }: { status: PostStatus }) {
  if (status === "published")
    return (
      <Badge colorPalette="green" variant="subtle">
        <Trans>Published</Trans>
      </Badge>
    );
  if (status === "scheduled")
    return (
      <Badge colorPalette="blue" variant="subtle">
        <Trans>Scheduled</Trans>
      </Badge>
    );
  return (
    <Badge colorPalette="gray" variant="subtle">
      <Trans>Draft</Trans>
    </Badge>
  );
}

export function PopularBadge() {
  return (
    <Badge colorPalette="sand" variant="solid">
      <Trans>Popular</Trans>
    </Badge>
  );
}
