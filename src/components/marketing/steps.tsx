import { Box, Circle, Flex, Heading, Text } from "@chakra-ui/react";
import { ArrowDown, ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { DirectionalIcon } from "../directional-icon";

interface StepItem {
  title: ReactNode;
  description: ReactNode;
}

/**
 * Numbered steps with arrows between them: down on small screens, and on larger ones pointing the
 * reading direction (mirrored in right-to-left pages).
 */
export function Steps({ items }: { items: readonly StepItem[] }) {
  return (
    <Flex as="ol" listStyleType="none" direction={{ base: "column", md: "row" }} align="stretch" gap={{ base: "2", md: "3" }}>
      {items.map((step, i) => (
        <Flex as="li" key={i} direction={{ base: "column", md: "row" }} align="center" flex="1" gap={{ base: "2", md: "3" }}>
          <Box flex="1" h="full" w="full" layerStyle="panel" p={{ base: "5", md: "6" }} shadow="xs">
            <Circle size="10" bg="brand.solid" color="white" fontWeight="800" fontSize="lg" aria-hidden="true">
              {i + 1}
            </Circle>
            <Heading as="h3" fontSize="xl" mt="4" color="brand.950">
              {step.title}
            </Heading>
            <Text mt="2" color="fg.muted">
              {step.description}
            </Text>
          </Box>
          {i < items.length - 1 ? (
            <Box color="sand.600" flexShrink={0}>
              <Box display={{ base: "block", md: "none" }}>
                <ArrowDown aria-hidden="true" size="24" />
              </Box>
              <Box display={{ base: "none", md: "block" }}>
                <DirectionalIcon boxSize="6">
                  <ArrowRight />
                </DirectionalIcon>
              </Box>
            </Box>
          ) : null}
        </Flex>
      ))}
    </Flex>
  );
}
