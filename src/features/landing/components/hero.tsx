import { Box, Button, Container, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowRight, CalendarCheck, Check, MousePointerClick } from "lucide-react";
import { AppLink } from "@/components/app-link";
import { BookDemoLink } from "@/components/book-demo-link";
import { DirectionalIcon } from "@/components/directional-icon";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";

interface HeroProps {
  /** Opens the demo booking dialog. */
  onBookDemo?: () => void;
  /** Starts loading the dialog (hover, focus). */
  onPreloadDemo?: () => void;
}

/** The landing page's first screen: three-line title, promise, Book a Demo (and links to sales and the interactive demo). */
export function Hero({ onBookDemo, onPreloadDemo }: HeroProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const name = useSiteConfig().name[locale];
  const points = [
    t`Replies in under a minute, 24/7`,
    t`Arabic and English, on WhatsApp, SMS and email`,
    t`Works with the CRM you already use`,
  ];
  return (
    <Box
      bg="bg.hero"
      color="white"
      position="relative"
      overflow="hidden"
      // The glow behind the headline, drawn by CSS alone. closest-side: it fades out inside its box at
      // every width, so no edge of the box shows.
      _before={{
        content: '""',
        position: "absolute",
        insetInlineEnd: "-20%",
        top: "-30%",
        width: "70%",
        height: "160%",
        background: "radial-gradient(closest-side, rgba(20, 184, 166, 0.22), transparent)",
      }}
    >
      <Container maxW="6xl" py={{ base: "16", md: "28" }} position="relative">
        <Stack gap="6" maxW="3xl">
          <Heading as="h1" fontSize={{ base: "4xl", md: "6xl" }} lineHeight="1.15" fontWeight="800">
            <Trans>
              <Box as="span" display="block">
                Every property lead,
              </Box>
              <Box as="span" display="block" color="brand.300">
                answered in seconds,
              </Box>
              <Box as="span" display="block">
                followed up until it closes.
              </Box>
            </Trans>
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="ink.200">
            <Trans>
              {name} replies to portal and WhatsApp enquiries within seconds, qualifies buyers and tenants, and books viewings straight into
              your agents' calendars, in Arabic and English.
            </Trans>
          </Text>
          <Stack as="ul" listStyleType="none" gap="2" color="ink.100">
            {points.map((p) => (
              <HStack as="li" key={p} gap="2" align="center">
                {/* The colour is CSS (currentColor): an SVG stroke attribute cannot resolve a CSS variable. */}
                <Box as="span" display="inline-flex" color="sand.300" flexShrink={0}>
                  <Check aria-hidden="true" size="18" />
                </Box>
                <Text as="span">{p}</Text>
              </HStack>
            ))}
          </Stack>
          <Flex gap="3" wrap="wrap" pt="2">
            <Button asChild type={undefined} size="lg" colorPalette="sand" rounded="pill">
              <BookDemoLink onOpen={onBookDemo} onPointerEnter={onPreloadDemo} onFocus={onPreloadDemo} _hover={{ textDecoration: "none" }}>
                <CalendarCheck aria-hidden="true" />
                <Trans>Book a Demo</Trans>
              </BookDemoLink>
            </Button>
            <Button asChild type={undefined} size="lg" variant="outline" layerStyle="outline.onDark" rounded="pill">
              <AppLink to="/contact" _hover={{ textDecoration: "none" }}>
                <Trans>Talk to sales</Trans>
                <DirectionalIcon>
                  <ArrowRight />
                </DirectionalIcon>
              </AppLink>
            </Button>
            {/* A lighter text link, styled exactly like the footer's links: their rules are in shared.css, so it adds no inline CSS. */}
            <AppLink to="/demo" color="ink.200" _hover={{ color: "white" }}>
              <MousePointerClick aria-hidden="true" size="18" />
              <Trans>Try the interactive demo</Trans>
            </AppLink>
          </Flex>
          <Text fontSize="sm" color="ink.300">
            <Trans>30 minutes, on your own listings. Built for brokerages in Dubai, Abu Dhabi, Toronto and Vancouver.</Trans>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
