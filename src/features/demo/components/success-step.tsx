import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { CheckCircle2, LayoutDashboard } from "lucide-react";
import { AppLink } from "@/components/app-link";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";
import type { DemoFlowEvent } from "../machines/demo-flow.machine";
import { StepFrame } from "./step-frame";

export function SuccessStep({ send }: { send: (e: DemoFlowEvent) => void }) {
  const { locale } = useLocale();
  const name = useSiteConfig().name[locale];
  return (
    <StepFrame title={<Trans>Follow-up sent</Trans>}>
      <Stack gap="5" align="start">
        <HStack gap="3" color="brand.solid">
          <Box aria-hidden="true">
            <CheckCircle2 size={40} />
          </Box>
          <Text color="fg" fontSize="lg" fontWeight="600">
            <Trans>Sara has the WhatsApp message and the email, minutes after the call.</Trans>
          </Text>
        </HStack>
        <Text color="fg.muted">
          <Trans>This is what {name} does after every call and every enquiry, for every agent on your team, in Arabic and English.</Trans>
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" onClick={() => send({ type: "demo.restart" })}>
            <LayoutDashboard aria-hidden="true" />
            <Trans>Back to Dashboard</Trans>
          </Button>
          <Button asChild type={undefined} variant="outline" colorPalette="brand">
            <AppLink to="/contact" _hover={{ textDecoration: "none" }}>
              <Trans>Talk to our team</Trans>
            </AppLink>
          </Button>
        </HStack>
      </Stack>
    </StepFrame>
  );
}
