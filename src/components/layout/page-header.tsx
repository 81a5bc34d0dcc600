import { Box, Container, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** The title band at the top of an inner page. */
export function PageHeader({ title, description, children }: { title: ReactNode; description?: ReactNode; children?: ReactNode }) {
  return (
    <Box bg="brand.subtle" borderBottomWidth="1px" borderColor="brand.muted">
      <Container maxW="6xl" py={{ base: "10", md: "16" }}>
        <Heading as="h1" fontSize={{ base: "3xl", md: "5xl" }} lineHeight="1.2" color="brand.950" fontWeight="800">
          {title}
        </Heading>
        {description ? (
          <Text mt="4" fontSize={{ base: "md", md: "lg" }} color="fg.muted" maxW="2xl">
            {description}
          </Text>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
