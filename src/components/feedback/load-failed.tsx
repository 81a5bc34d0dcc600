import { Button, Stack, type StackProps, Text, type TextProps } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

/**
 * Where the failure stands: `inline`, on one line beside a heading (a lead's demos; not announced, the
 * section stays); `dialog`, centred in place of a dialog's content; `section`, at the start of a dialog's
 * part (the revision history). The last two replace what failed, so they are announced (`role="alert"`).
 */
const PLACES = {
  inline: { stack: { direction: "row", align: "center" }, message: { color: "fg.error" }, retry: "xs" },
  dialog: { stack: { align: "center", py: "8", gap: "3", role: "alert" }, message: { fontWeight: "600" }, retry: "sm" },
  section: { stack: { gap: "2", align: "start", role: "alert" }, message: { color: "red.700" }, retry: "sm" },
} as const satisfies Record<string, { stack: StackProps; message: TextProps; retry: "xs" | "sm" }>;

interface LoadFailedProps {
  /** What could not be loaded ("The lead could not be loaded."). */
  message: ReactNode;
  onRetry: () => void;
  place: keyof typeof PLACES;
}

/** A part of an admin screen that failed to load, in its place: the message and Try again. */
export function LoadFailed({ message, onRetry, place }: LoadFailedProps) {
  const { stack, message: messageProps, retry } = PLACES[place];
  return (
    <Stack {...stack}>
      <Text {...messageProps}>{message}</Text>
      <Button size={retry} variant="outline" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Stack>
  );
}
