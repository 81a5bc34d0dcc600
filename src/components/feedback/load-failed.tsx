import { Button, Stack, type StackProps, Text, type TextProps } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

interface LoadFailedProps extends StackProps {
  /** What could not be loaded ("The lead could not be loaded."). */
  message: ReactNode;
  /** The message's look in its place (red, bold). */
  messageProps?: TextProps;
  onRetry: () => void;
  retrySize?: "xs" | "sm";
}

/**
 * A part of a screen that failed to load, in its place: the message and Try again. The stack's props
 * place it (a row beside a heading, centred in a dialog) and announce it (`role="alert"`).
 */
export function LoadFailed({ message, messageProps, onRetry, retrySize = "sm", ...stack }: LoadFailedProps) {
  return (
    <Stack {...stack}>
      <Text {...messageProps}>{message}</Text>
      <Button size={retrySize} variant="outline" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Stack>
  );
}
