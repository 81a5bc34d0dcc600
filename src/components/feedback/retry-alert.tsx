import { Alert, Button } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface RetryAlertProps {
  title: ReactNode;
  description?: ReactNode;
  retryLabel: ReactNode;
  onRetry: () => void;
  /** Announce it at once (role="alert"), for a failure that replaces the content. */
  announce?: boolean;
}

/** A failure to load, with a button that tries again. */
export function RetryAlert({ title, description, retryLabel, onRetry, announce = false }: RetryAlertProps) {
  return (
    <Alert.Root status="error" role={announce ? "alert" : undefined}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {description ? <Alert.Description>{description}</Alert.Description> : null}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert.Root>
  );
}
