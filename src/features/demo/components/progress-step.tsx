import { Box, HStack, List, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { CheckCircle2, Circle, Loader2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import type { ProgressStatus } from "../machines/progress.machine";
import { StepFrame } from "./step-frame";
import { useDemoFormat } from "./use-demo-format";

interface ProgressView {
  status: ProgressStatus;
  /** 0 to 100 */
  value: number;
}

/** Milestones that tick as the bar passes them. */
const MILESTONES: Array<{ at: number; label: ReactNode }> = [
  { at: 2, label: <Trans>Transcribing the conversation</Trans> },
  { at: 34, label: <Trans>Understanding what the lead is looking for</Trans> },
  { at: 66, label: <Trans>Matching listings in Dubai</Trans> },
  { at: 100, label: <Trans>Writing the WhatsApp follow-up</Trans> },
];

export function ProgressStep({ status, value }: ProgressView) {
  const fmt = useDemoFormat();
  const labelId = useId();
  const indeterminate = status === "indeterminate";
  return (
    <StepFrame
      title={<Trans>Analysing the conversation</Trans>}
      lead={<Trans>This usually takes a few seconds. In real use it runs the moment a call ends.</Trans>}
    >
      <Stack gap="3">
        <HStack justify="space-between">
          <Text id={labelId} fontWeight="600">
            {indeterminate ? (
              <Trans>Receiving the recording…</Trans>
            ) : status === "loading" ? (
              <Trans>Analysing…</Trans>
            ) : (
              <Trans>Analysis complete</Trans>
            )}
          </Text>
          {indeterminate ? null : (
            <Text fontVariantNumeric="tabular-nums" color="fg.muted" data-testid="progress-value">
              {fmt.percent(value)}
            </Text>
          )}
        </HStack>
        <Box
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={indeterminate ? undefined : value}
          aria-valuetext={indeterminate ? undefined : fmt.percent(value)}
          aria-busy={status !== "complete" && status !== "done"}
          h="3"
          bg="bg.muted"
          rounded="pill"
          overflow="hidden"
          position="relative"
        >
          <Box
            position="absolute"
            insetBlock="0"
            insetStart="0"
            bg="brand.solid"
            rounded="pill"
            width={indeterminate ? "35%" : `${value}%`}
            transition={indeterminate ? undefined : "width 100ms linear"}
            animation={indeterminate ? "pulse 1.2s ease-in-out infinite" : undefined}
          />
        </Box>
      </Stack>
      <List.Root gap="3" variant="plain">
        {MILESTONES.map((m, i) => {
          const done = !indeterminate && value >= m.at;
          const current = !done && !indeterminate && (i === 0 || value >= MILESTONES[i - 1]!.at);
          return (
            <List.Item key={m.at} gap="3" alignItems="center" color={done ? "fg" : "fg.muted"} data-done={done || undefined}>
              <List.Indicator asChild color={done ? "brand.solid" : "ink.400"}>
                {done ? (
                  <CheckCircle2 aria-hidden="true" size={20} />
                ) : current ? (
                  <Box as="span" animation="spin 1s linear infinite" display="inline-flex">
                    <Loader2 aria-hidden="true" size={20} />
                  </Box>
                ) : (
                  <Circle aria-hidden="true" size={20} />
                )}
              </List.Indicator>
              {m.label}
            </List.Item>
          );
        })}
      </List.Root>
    </StepFrame>
  );
}
