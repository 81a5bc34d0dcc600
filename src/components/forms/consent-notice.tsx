import { Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { AppLink } from "@/components/app-link";
import { useSiteConfig } from "@/lib/site-config-context";
import { useLocale } from "@/lib/i18n/locale-context";

/** The short consent statement under a lead or newsletter form, linked to the privacy policy. */
export function ConsentNotice({
  kind,
  color = "fg.muted",
  linkColor = "brand.fg",
}: {
  kind: "lead" | "newsletter";
  color?: string;
  linkColor?: string;
}) {
  const site = useSiteConfig();
  const { locale } = useLocale();
  const name = site.name[locale];
  const policy = (
    <AppLink to="/privacy-policy" color={linkColor} textDecoration="underline">
      <Trans>privacy policy</Trans>
    </AppLink>
  );
  return (
    <Text fontSize="xs" color={color} lineHeight="1.6">
      {kind === "lead" ? (
        <Trans>
          By sending this form you agree that {name} stores these details and contacts you about your request, as described in our {policy}.
        </Trans>
      ) : (
        <Trans>We will email you a link to confirm. One email a month; unsubscribe with one click at any time. See our {policy}.</Trans>
      )}
    </Text>
  );
}
