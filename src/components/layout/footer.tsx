import { Box, Container, Flex, Grid, HStack, Link, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";
import { AppLink } from "../app-link";
import { BookDemoLink } from "../book-demo-link";
import { Wordmark } from "./wordmark";

function FooterHeading({ children }: { children: ReactNode }) {
  return (
    <Text as="h2" fontSize="sm" fontWeight="700" color="white" textTransform="uppercase" letterSpacing="wider">
      {children}
    </Text>
  );
}

interface FooterProps {
  /** Opens the demo-booking dialog. */
  onDemoClick?: () => void;
  /**
   * The newsletter form: the site passes the newsletter feature's form (an island), stories the
   * presentational `NewsletterFormView` (./newsletter-form-view.tsx, kept out of this module so that its
   * field parts are not in every page's initial JS).
   */
  newsletter?: ReactNode;
  /** Copyright year; defaults to the current one (stories pin it for stable screenshots). */
  year?: number;
}

export function Footer({ onDemoClick, newsletter, year = new Date().getFullYear() }: FooterProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const site = useSiteConfig();
  const name = site.name[locale];
  const linkStyle = { color: "ink.200", _hover: { color: "white" } } as const;
  return (
    <Box as="footer" bg="bg.hero" color="ink.200" mt="auto">
      <Container maxW="6xl" py={{ base: "10", md: "14" }}>
        <Grid templateColumns={{ base: "1fr", md: "1.3fr 1fr 1fr" }} gap="10">
          <Stack gap="4" maxW="sm">
            <Wordmark tone="light" />
            <Text fontSize="sm">
              <Trans>AI follow-up that answers every property lead in seconds, in Arabic and English.</Trans>
            </Text>
            {newsletter}
          </Stack>
          <Stack as="nav" aria-label={t`Footer`} gap="3">
            <FooterHeading>
              <Trans>Explore</Trans>
            </FooterHeading>
            <Box as="ul" listStyleType="none" display="grid" gap="2">
              <li>
                <BookDemoLink onOpen={onDemoClick} {...linkStyle}>
                  <Trans>Book a demo</Trans>
                </BookDemoLink>
              </li>
              <li>
                <AppLink to="/demo" {...linkStyle}>
                  <Trans>Interactive demo</Trans>
                </AppLink>
              </li>
              <li>
                <AppLink to="/blog" {...linkStyle}>
                  <Trans>Blog</Trans>
                </AppLink>
              </li>
              <li>
                <AppLink to="/contact" {...linkStyle}>
                  <Trans>Contact</Trans>
                </AppLink>
              </li>
            </Box>
          </Stack>
          <Stack gap="3">
            <FooterHeading>
              <Trans>Follow us</Trans>
            </FooterHeading>
            <Box as="ul" listStyleType="none" display="grid" gap="2">
              {(
                [
                  ["LinkedIn", site.social.linkedin],
                  ["Instagram", site.social.instagram],
                ] as const
              ).map(([brand, href]) => (
                <li key={brand}>
                  <Link href={href} target="_blank" rel="noopener noreferrer" {...linkStyle}>
                    {brand}
                    <ExternalLink aria-hidden="true" size="14" />
                    <VisuallyHidden>
                      <Trans>(opens in a new tab)</Trans>
                    </VisuallyHidden>
                  </Link>
                </li>
              ))}
            </Box>
          </Stack>
        </Grid>
        <Flex
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="whiteAlpha.300"
          direction={{ base: "column", sm: "row" }}
          justify="space-between"
          gap="3"
          fontSize="sm"
        >
          <Text suppressHydrationWarning>
            <Trans>
              © {year} {name}. All rights reserved.
            </Trans>
          </Text>
          <HStack gap="5">
            <AppLink to="/privacy-policy" {...linkStyle}>
              <Trans>Privacy policy</Trans>
            </AppLink>
            <Text as="span" color="ink.300" title={t`Coming soon`}>
              <Trans>Terms of service</Trans>
            </Text>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
