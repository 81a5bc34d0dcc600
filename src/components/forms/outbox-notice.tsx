import { HStack, Spinner, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";

/**
 * Tells the visitor that details they sent are saved on this device and will be delivered as soon as
 * the connection returns (the browser outbox). Renders nothing when nothing is waiting.
 */
export function OutboxNotice({ pending }: { pending: number }) {
  return (
    <div role="status" aria-live="polite">
      {pending > 0 ? (
        <HStack
          position="fixed"
          bottom="4"
          insetStart="4"
          zIndex="toast"
          bg="ink.900"
          color="white"
          px="4"
          py="2.5"
          rounded="lg"
          shadow="lg"
          gap="3"
          maxW="sm"
          fontSize="sm"
        >
          <Spinner size="sm" color="sand.300" aria-hidden="true" />
          <Text>
            <Trans>Your details are saved on this device and will be sent as soon as the connection returns.</Trans>
          </Text>
        </HStack>
      ) : null}
    </div>
  );
}
