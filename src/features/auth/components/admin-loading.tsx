import { Center, Spinner, VisuallyHidden } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";

/** The guard's centred spinner while the session loads (also what the server renders). */
export function AdminLoading() {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>
        <Trans>Loading…</Trans>
      </VisuallyHidden>
    </Center>
  );
}
