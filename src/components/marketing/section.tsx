import { Box, type BoxProps, Container, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface SectionProps extends Omit<BoxProps, "title"> {
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Centre the heading block. */
  centered?: boolean;
}

/** A landing-page section: eyebrow, h2 title, lead paragraph, content. Labelled by its title. */
export function Section({ id, eyebrow, title, description, children, centered = false, ...rest }: SectionProps) {
  return (
    <Box as="section" aria-labelledby={`${id}-title`} id={id} py={{ base: "14", md: "20" }} scrollMarginTop="16" {...rest}>
      <Container maxW="6xl">
        <Box maxW="3xl" mx={centered ? "auto" : undefined} textAlign={centered ? "center" : "start"} mb={{ base: "8", md: "12" }}>
          {eyebrow ? (
            <Text fontSize="sm" fontWeight="700" color="brand.700" textTransform="uppercase" letterSpacing="wider" mb="2">
              {eyebrow}
            </Text>
          ) : null}
          <Heading as="h2" id={`${id}-title`} fontSize={{ base: "2xl", md: "4xl" }} lineHeight="1.2" fontWeight="800" color="brand.950">
            {title}
          </Heading>
          {description ? (
            <Text mt="4" fontSize={{ base: "md", md: "lg" }} color="fg.muted">
              {description}
            </Text>
          ) : null}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
