import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`AI sales follow-up for real-estate teams in the UAE and Canada`,
    description: ({ siteName }) => msg`${siteName} answers every property enquiry in seconds on WhatsApp, calls and email, qualifies buyers and books viewings for your agents, in Arabic and English.`,
  });

export default function Home() {
  const { locale } = useLocale();
  const name = useSiteConfig().name[locale];
  return (
    <Box bg="bg.hero" color="white">
      <Container maxW="6xl" py={{ base: "16", md: "28" }}>
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
              {name} replies to portal and WhatsApp enquiries within seconds, qualifies buyers and tenants, and books
              viewings straight into your agents' calendars, in Arabic and English.
            </Trans>
          </Text>
          <Box>
            <Button size="lg" colorPalette="sand" rounded="pill">
              <Trans>Book a Demo</Trans>
            </Button>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
