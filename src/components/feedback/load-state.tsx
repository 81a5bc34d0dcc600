import { Box, Button, Flex, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

interface LoadStateProps {
  status: "loading" | "failed" | "ready";
  /** Read out while loading ("Loading leads…"); the spinner itself is silent. */
  loadingLabel: ReactNode;
  /** The failure ("Failed to load leads."); "Please try again later." follows it. */
  failedTitle: ReactNode;
  /** Without it the failure offers no retry button. */
  onRetry?: () => void;
  /** What shows once loaded: the rows, or the list's own empty message. */
  children: ReactNode;
}

/** The body of a list card: a spinner (a status), the failure with a retry (an alert), or what was loaded. */
export function LoadState({ status, loadingLabel, failedTitle, onRetry, children }: LoadStateProps) {
  if (status === "loading") {
    return (
      <Flex justify="center" py="16" role="status">
        <Spinner color="brand.solid" size="lg" />
        <Box srOnly>{loadingLabel}</Box>
      </Flex>
    );
  }
  if (status === "failed") {
    return (
      <Stack align="center" py="12" gap="3" role="alert">
        <Text fontWeight="600">{failedTitle}</Text>
        <Text color="fg.muted">
          <Trans>Please try again later.</Trans>
        </Text>
        {onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        ) : null}
      </Stack>
    );
  }
  return <>{children}</>;
}
