import { Flex, type FlexProps, Spinner, Text } from "@chakra-ui/react";

/** A small spinner with what is loading beside it ("Loading…"); pass `role="status"` where it should be read out. */
export function LoadingLine({ children, ...props }: FlexProps) {
  return (
    <Flex align="center" gap="3" {...props}>
      <Spinner size="sm" />
      <Text>{children}</Text>
    </Flex>
  );
}
