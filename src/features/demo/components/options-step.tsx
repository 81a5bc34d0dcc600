import { Box, Button, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { Phone, Upload } from "lucide-react";
import type { ReactNode } from "react";
import type { DemoFlowEvent } from "../machines/demo-flow.machine";
import { BackButton } from "./back-button";
import { StepFrame } from "./step-frame";

function Choice({ icon, title, description, onClick }: { icon: ReactNode; title: ReactNode; description: ReactNode; onClick: () => void }) {
  return (
    <Button
      onClick={onClick}
      variant="outline"
      colorPalette="brand"
      h="auto"
      p="6"
      whiteSpace="normal"
      textAlign="start"
      justifyContent="start"
      alignItems="start"
      rounded="card"
      borderWidth="2px"
      _hover={{ bg: "brand.subtle", borderColor: "brand.solid" }}
    >
      {/* Spans, not divs: a button holds phrasing content only (W3C Nu). */}
      <Stack as="span" gap="3" align="start">
        <HStack as="span" gap="3">
          <Box as="span" display="inline-flex" bg="brand.solid" color="white" rounded="full" p="2.5" aria-hidden="true">
            {icon}
          </Box>
          <Text as="span" display="block" fontSize="lg" fontWeight="700" color="brand.950">
            {title}
          </Text>
        </HStack>
        <Text as="span" display="block" color="fg.muted" fontWeight="400">
          {description}
        </Text>
      </Stack>
    </Button>
  );
}

export function OptionsStep({ send }: { send: (e: DemoFlowEvent) => void }) {
  return (
    <StepFrame
      maxW="3xl"
      title={<Trans>How would you like to try it?</Trans>}
      lead={<Trans>Either way, you get the same result: a follow-up message ready for your lead.</Trans>}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Choice
          icon={<Phone size={20} />}
          title={<Trans>Connect to Dialer</Trans>}
          description={<Trans>Place a simulated call to a sample lead. The AI listens and takes notes.</Trans>}
          onClick={() => send({ type: "option.dialer" })}
        />
        <Choice
          icon={<Upload size={20} />}
          title={<Trans>Upload Recording</Trans>}
          description={<Trans>Upload a call you recorded with a buyer or tenant (MP3, WAV, M4A and more).</Trans>}
          onClick={() => send({ type: "option.upload" })}
        />
      </SimpleGrid>
      <BackButton onClick={() => send({ type: "demo.back" })}>
        <Trans>Back</Trans>
      </BackButton>
    </StepFrame>
  );
}
