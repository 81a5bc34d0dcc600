import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { Mail, Pencil, Send, Upload } from "lucide-react";
import type { DemoFlowEvent } from "../machines/demo-flow.machine";
import { StepFrame } from "./step-frame";
import { type MessageView, WhatsAppMessage } from "./whatsapp-message";

export function ResultsStep({ send, ...message }: MessageView & { send: (e: DemoFlowEvent) => void }) {
  return (
    <StepFrame
      maxW="3xl"
      title={<Trans>Your follow-up is ready</Trans>}
      lead={
        <Trans>
          The AI picked three listings that fit what the lead asked for and wrote the message. Choose a property to mark it for editing.
        </Trans>
      }
    >
      <WhatsAppMessage {...message} onPick={(index) => send({ type: "match.pick", index })} />
      <Stack gap="3">
        <HStack gap="3" flexWrap="wrap">
          <Button variant="outline" colorPalette="brand" onClick={() => send({ type: "results.edit" })}>
            <Pencil aria-hidden="true" />
            <Trans>Edit Matches</Trans>
          </Button>
          <Button colorPalette="brand" disabled={message.submitted} onClick={() => send({ type: "results.submit" })}>
            <Send aria-hidden="true" />
            <Trans>Submit WhatsApp Message</Trans>
          </Button>
          {message.submitted ? (
            <Button colorPalette="sand" onClick={() => send({ type: "results.email" })}>
              <Mail aria-hidden="true" />
              <Trans>Send Email</Trans>
            </Button>
          ) : null}
        </HStack>
        {message.submitted ? (
          <Text fontSize="sm" color="fg.muted">
            <Trans>The WhatsApp message was submitted. Send the same matches by email next.</Trans>
          </Text>
        ) : null}
        <Button variant="ghost" colorPalette="brand" size="sm" alignSelf="start" onClick={() => send({ type: "results.upload" })}>
          <Upload aria-hidden="true" />
          <Trans>Upload another recording</Trans>
        </Button>
      </Stack>
    </StepFrame>
  );
}
