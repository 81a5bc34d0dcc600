import { Alert } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** An action's failure, announced at once (role="alert"); nothing while there is no message. */
export function ErrorAlert({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
