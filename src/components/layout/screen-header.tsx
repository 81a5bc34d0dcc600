import { Box, Container, type ContainerProps, Flex, Heading, Stack, type StackProps, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface ScreenHeaderProps {
  /** The screen's h1. */
  title: ReactNode;
  /** The line under the title; pass null to keep an empty line (a live region waiting for its text). */
  description?: ReactNode;
  /** Announce changes of the description politely (a count that follows the filters). */
  live?: boolean;
  /** Buttons or links at the end of the row (under the title on a phone). */
  actions?: ReactNode;
}

/** The top row of an admin screen: its title and a line under it, the screen's actions at the end. */
export function ScreenHeader({ title, description, live = false, actions }: ScreenHeaderProps) {
  return (
    <Flex gap="4" justify="space-between" align={{ base: "start", md: "center" }} direction={{ base: "column", md: "row" }}>
      <Box>
        <Heading as="h1" fontSize="3xl">
          {title}
        </Heading>
        {description !== undefined ? (
          <Text color="fg.muted" mt="1" aria-live={live ? "polite" : undefined}>
            {description}
          </Text>
        ) : null}
      </Box>
      {actions}
    </Flex>
  );
}

interface AdminScreenProps extends ScreenHeaderProps {
  /** What the screen shows under its header. */
  children: ReactNode;
  /** Space between the header and each section. */
  gap?: StackProps["gap"];
  /** Side padding, where a screen needs its table closer to the edge on a phone. */
  px?: ContainerProps["px"];
}

/** An admin screen: the width every admin screen shares, its header, then its sections one under another. */
export function AdminScreen({ children, gap = "6", px, ...header }: AdminScreenProps) {
  return (
    <Container maxW="7xl" py="8" px={px}>
      <Stack gap={gap}>
        <ScreenHeader {...header} />
        {children}
      </Stack>
    </Container>
  );
}
