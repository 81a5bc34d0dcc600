import { Badge } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { type Category, type Country, categoryLabels, countryLabels } from "../schemas/post";

/** A stored category / country value in the admin's language. */
export function useOptionLabels() {
  const { i18n } = useLingui();
  return {
    category: (value: string) => (value in categoryLabels ? i18n._(categoryLabels[value as Category]) : value),
    country: (value: string) => (value in countryLabels ? i18n._(countryLabels[value as Country]) : value),
  };
}

export function StatusBadge({ published }: { published: boolean }) {
  return published ? (
    <Badge colorPalette="green" variant="subtle">
      <Trans>Published</Trans>
    </Badge>
  ) : (
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
