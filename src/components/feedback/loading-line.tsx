import { Flex, type FlexProps, Spinner, Text } from "@chakra-ui/react";

/**
 * A small spinner with what is loading beside it ("Loading…"); pass `role="status"` where it should be read out.
 * `spinner={false}`: the words alone, where something nearby already shows that work is going on.
 */
export function LoadingLine({ children, spinner = true, ...props }: FlexProps & { spinner?: boolean }) {
  return (
    <Flex align="center" gap="3" {...props}>
      {spinner ? <Spinner size="sm" /> : null}
      <Text>{children}</Text>
    </Flex>
  );
}
