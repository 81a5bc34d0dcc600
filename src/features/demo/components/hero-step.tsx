import { Box, Button, Container, List, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { ArrowRight, AudioLines, Mail, MessageCircle } from "lucide-react";
import { DirectionalIcon } from "@/components/directional-icon";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";
import type { DemoFlowEvent } from "../machines/demo-flow.machine";
import { StepHeading } from "./step-heading";

export function HeroStep({ send }: { send: (e: DemoFlowEvent) => void }) {
  const { locale } = useLocale();
  const name = useSiteConfig().name[locale];
  const points = [
    { icon: AudioLines, text: <Trans>Call a sample lead or upload a real call recording.</Trans> },
    { icon: MessageCircle, text: <Trans>Watch the AI pick three matching Dubai listings and write the WhatsApp follow-up.</Trans> },
    { icon: Mail, text: <Trans>Edit it, send it, and send the email version too.</Trans> },
  ];
  return (
    <Box bg="bg.hero" color="white">
      <Container maxW="6xl" py={{ base: "14", md: "24" }}>
        <Stack gap="6" maxW="3xl">
          <Text color="sand.300" fontWeight="700" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
            <Trans>Interactive demo</Trans>
          </Text>
          <StepHeading color="white" fontSize={{ base: "4xl", md: "5xl" }} lineHeight="1.15">
            <Trans>See AI follow-up in action</Trans>
          </StepHeading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="ink.200">
            <Trans>
              Two minutes, no sign-up. Play the agent: make a call or upload a recording, and {name} writes the follow-up your lead receives
              while the conversation is still fresh.
            </Trans>
          </Text>
          <List.Root gap="3" variant="plain">
            {points.map(({ icon: Icon, text }, i) => (
              <List.Item key={i} alignItems="center" gap="3" color="ink.100">
                <List.Indicator asChild color="brand.300">
                  <Icon aria-hidden="true" size={20} />
                </List.Indicator>
                {text}
              </List.Item>
            ))}
          </List.Root>
          <Box>
            <Button size="lg" colorPalette="sand" rounded="pill" onClick={() => send({ type: "demo.start" })}>
              <Trans>Start Now</Trans>
              <DirectionalIcon>
                <ArrowRight />
              </DirectionalIcon>
            </Button>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
