import { Alert, Box, Button, HStack, Stack, Text, VisuallyHidden, chakra } from "@chakra-ui/react";
import { Plural, Trans } from "@lingui/react/macro";
import { ArrowRight, FileAudio, UploadCloud } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { DirectionalIcon } from "@/components/directional-icon";
import { useSiteConfig } from "@/lib/site-config-context";
import { AUDIO_ACCEPT } from "../content/audio-types";
import type { DemoFlowEvent } from "../machines/demo-flow.machine";
import { BackButton } from "./back-button";
import { StepFrame } from "./step-frame";

interface UploadView {
  /** Name of the accepted file, if any. */
  fileName: string | null;
  /** The last file chosen was not audio. */
  rejected: boolean;
}

export function UploadStep({ fileName, rejected, send }: UploadView & { send: (e: DemoFlowEvent) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const { audioRetentionDays: retentionDays, audioWebhookUrl } = useSiteConfig();

  const choose = (file: File | undefined) => {
    if (file) send({ type: "file.select", file });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

  return (
    <StepFrame
      title={<Trans>Upload a call recording</Trans>}
      lead={
        // With AUDIO_WEBHOOK_URL the file goes to the operator's own workflow, not to this site's storage.
        audioWebhookUrl ? (
          <Trans>Choose a recorded conversation with a buyer or tenant. It is used only to produce this demo&apos;s follow-up.</Trans>
        ) : (
          <Plural
            value={retentionDays}
            one="Choose a recorded conversation with a buyer or tenant. We store it on our servers, only our owners and sales team can listen to it, it is used only to produce this demo's follow-up, and it is deleted automatically after # day."
            other="Choose a recorded conversation with a buyer or tenant. We store it on our servers, only our owners and sales team can listen to it, it is used only to produce this demo's follow-up, and it is deleted automatically after # days."
          />
        )
      }
    >
      <Stack gap="4">
        <chakra.label
          htmlFor={inputId}
          display="flex"
          flexDirection="column"
          alignItems="center"
          gap="3"
          textAlign="center"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={rejected ? "red.500" : dragging ? "brand.solid" : "border"}
          bg={dragging ? "brand.subtle" : "bg.subtle"}
          rounded="card"
          px="6"
          py="10"
          cursor="pointer"
          _hover={{ borderColor: "brand.solid" }}
          _focusWithin={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {/* A label holds phrasing content only: spans, shown as blocks. */}
          <Box as="span" display="block" color="brand.solid" aria-hidden="true">
            <UploadCloud size={36} />
          </Box>
          <Text as="span" display="block" fontWeight="700" color="brand.950">
            <Trans>Choose an audio file or drop it here</Trans>
          </Text>
          <Text as="span" display="block" fontSize="sm" color="fg.muted">
            <Trans>MP3, WAV, AAC, OGG, M4A, FLAC or WebM, up to 25 MB</Trans>
          </Text>
          <VisuallyHidden asChild>
            <input
              id={inputId}
              type="file"
              accept={AUDIO_ACCEPT}
              aria-invalid={rejected || undefined}
              aria-describedby={rejected ? errorId : undefined}
              data-testid="audio-input"
              onChange={(e) => {
                choose(e.currentTarget.files?.[0]);
                e.currentTarget.value = "";
              }}
            />
          </VisuallyHidden>
        </chakra.label>

        {rejected ? (
          <Alert.Root status="error" id={errorId} role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <Trans>Invalid file type</Trans>
              </Alert.Title>
              <Alert.Description>
                <Trans>Please upload an audio file (MP3, WAV, AAC, OGG, M4A, FLAC, or WebM)</Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        {fileName ? (
          <HStack gap="3" bg="brand.subtle" rounded="md" px="4" py="3" data-testid="chosen-file">
            <Box color="brand.solid" aria-hidden="true">
              <FileAudio size={20} />
            </Box>
            <Text fontWeight="600" wordBreak="break-all">
              <VisuallyHidden>
                <Trans>Selected file:</Trans>{" "}
              </VisuallyHidden>
              <bdi>{fileName}</bdi>
            </Text>
          </HStack>
        ) : null}

        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <BackButton onClick={() => send({ type: "demo.back" })}>
            <Trans>Back</Trans>
          </BackButton>
          <Button colorPalette="brand" disabled={!fileName} onClick={() => send({ type: "file.next" })}>
            <Trans>Next</Trans>
            <DirectionalIcon>
              <ArrowRight />
            </DirectionalIcon>
          </Button>
        </HStack>
      </Stack>
    </StepFrame>
  );
}
