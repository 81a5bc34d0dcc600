import { Box, Button, Container, HStack, Link } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Globe, Phone } from "lucide-react";
import { Link as RouterLink, useLocation, useMatches } from "react-router";
import { localeAlternatesOf, localeNames, switchLocalePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { telHref } from "@/lib/site-config";
import { useSiteConfig } from "@/lib/site-config-context";
import { Wordmark } from "./wordmark";

/**
 * The toggle to the other language, keeping the current page, query and hash (but not the blog list's search
 * text and page, see `switchLocalePath`); a page whose address differs per language (an article: its
 * translation, else the other blog) says where through `localeAlternates`.
 */
export function LanguageToggle() {
  const { t } = useLingui();
  const { locale } = useLocale();
  const location = useLocation();
  const matches = useMatches();
  const other = locale === "ar" ? "en" : "ar";
  const to = localeAlternatesOf(matches)?.[other] ?? switchLocalePath(`${location.pathname}${location.search}${location.hash}`, other);
  return (
    <Button asChild type={undefined} variant="ghost" size="sm" colorPalette="brand">
      <RouterLink to={to} hrefLang={other} aria-label={t`Switch language to ${localeNames[other]}`}>
        <Globe aria-hidden="true" />
        <span lang={other}>{localeNames[other]}</span>
      </RouterLink>
    </Button>
  );
}

export function Navbar() {
  const { t } = useLingui();
  const site = useSiteConfig();
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <Container as="nav" aria-label={t`Main`} maxW="6xl" py="3">
        <HStack justify="space-between" gap="3">
          <Wordmark />
          <HStack gap="2">
            <LanguageToggle />
            <Button asChild type={undefined} size="sm" colorPalette="brand" rounded="pill">
              <Link href={telHref(site.phone)} aria-label={t`Call us at ${site.phone}`} _hover={{ textDecoration: "none" }}>
                <Phone aria-hidden="true" />
                <Trans>Call us</Trans>
              </Link>
            </Button>
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
