import { Box, Button, Container, Grid, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Clock, MessageCircle, Phone } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { telHref, whatsappHref } from "@/lib/site-config";
import { useSiteConfig } from "@/lib/site-config-context";
import { island } from "../islands/island";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Talk to our sales team`,
    description: msg`Tell us about your team and we will call you back within 24 hours.`,
  });

/**
 * Server-rendered; its code (form library, rules, location machine) loads when the visitor first touches
 * the form. Until then it is a plain form: what is typed or chosen is kept, and a submission is held.
 */
const SalesLeadForm = island("sales-lead-form", { minH: "40rem", when: "touched" });

/** The WhatsApp greeting is English in both languages (docs/product.md#leads). */
const WHATSAPP_GREETING = "Hello! I'm interested in learning more about your AI sales automation platform. Could you tell me more?";

export default function Contact() {
  const site = useSiteConfig();
  return (
    <>
      <PageHeader
        title={<Trans>Talk to our sales team</Trans>}
        description={<Trans>Tell us about your team and we will call you back within 24 hours.</Trans>}
      />
      <Container maxW="6xl" py={{ base: "10", md: "16" }}>
        <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 1fr)" }} gap={{ base: "10", lg: "12" }} alignItems="start">
          <Box as="section" aria-labelledby="contact-form-title" layerStyle="panel" p={{ base: "5", md: "8" }} shadow="sm">
            <Heading as="h2" id="contact-form-title" fontSize="2xl" color="brand.950">
              <Trans>Request a call back</Trans>
            </Heading>
            <Text mt="2" mb="6" color="fg.muted">
              <Trans>
                A specialist for your market calls you at the time you choose, looks at how your team handles leads today, and shows what
                would change.
              </Trans>
            </Text>
            <SalesLeadForm variant="contact" />
          </Box>
          <Stack as="aside" aria-labelledby="contact-direct-title" gap="5" layerStyle="panel.brand" p={{ base: "5", md: "8" }}>
            <Heading as="h2" id="contact-direct-title" fontSize="xl" color="brand.950">
              <Trans>Prefer to talk now?</Trans>
            </Heading>
            <Text color="fg.muted">
              <Trans>Message us on WhatsApp or call our sales line. We answer in Arabic and English.</Trans>
            </Text>
            <Button asChild type={undefined} colorPalette="green" bg="green.700" color="white" _hover={{ bg: "green.800" }} size="lg">
              <Link
                href={whatsappHref(site.whatsapp, WHATSAPP_GREETING)}
                target="_blank"
                rel="noopener noreferrer"
                _hover={{ textDecoration: "none" }}
              >
                <MessageCircle aria-hidden="true" />
                <Trans>Chat on WhatsApp</Trans>
                <Box as="span" srOnly>
                  <Trans>(opens in a new tab)</Trans>
                </Box>
              </Link>
            </Button>
            <Button asChild type={undefined} variant="outline" colorPalette="brand" size="lg">
              {/* Named by its visible text ("Call us +1…"), so a voice-control user can say what they see. */}
              <Link href={telHref(site.phone)} _hover={{ textDecoration: "none" }}>
                <Phone aria-hidden="true" />
                <Trans>Call us</Trans>
                <Box as="span" dir="ltr">
                  {site.phone}
                </Box>
              </Link>
            </Button>
            <Text fontSize="sm" color="fg.muted" display="flex" gap="2" alignItems="flex-start">
              <Clock aria-hidden="true" size="16" style={{ marginTop: 3, flexShrink: 0 }} />
              <Trans>Sales calls Monday to Friday, 9 AM to 9 PM in Dubai and Toronto time.</Trans>
            </Text>
          </Stack>
        </Grid>
      </Container>
    </>
  );
}
