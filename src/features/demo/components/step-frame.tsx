import { Box, Container, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { StepHeading } from "./step-heading";

/** The card every step after the hero sits in: title, optional lead text, content. */
export function StepFrame({
  title,
  lead,
  children,
  maxW = "2xl",
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  maxW?: string;
}) {
  return (
    <Box bg="bg.subtle" py={{ base: "8", md: "14" }} minH="70vh">
      <Container maxW={maxW}>
        <Stack gap="6" bg="bg" rounded="card" borderWidth="1px" p={{ base: "5", md: "8" }} shadow="sm">
          <Stack gap="2">
            <StepHeading>{title}</StepHeading>
            {lead ? <Text color="fg.muted">{lead}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
