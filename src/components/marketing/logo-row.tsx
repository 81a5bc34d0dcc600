import { Box, Flex, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export type Logo =
  | { kind: "path"; name: string; path: string }
  | { kind: "svg"; name: string; body: string; width: number; height: number }
  | { kind: "text"; name: string };

/** A greyscale row of partner logos, each with its name for screen readers. */
export function LogoRow({ logos, label }: { logos: readonly Logo[]; label: ReactNode }) {
  return (
    <Box>
      <Text textAlign="center" fontSize="sm" fontWeight="600" color="fg.muted" mb="6">
        {label}
      </Text>
      <Flex as="ul" listStyleType="none" wrap="wrap" justify="center" align="center" columnGap={{ base: "8", md: "12" }} rowGap="6">
        {logos.map((logo) => (
          <Flex as="li" key={logo.name} align="center" gap="2" color="ink.700" filter="grayscale(1)" h="10">
            {logo.kind === "path" ? (
              <svg role="img" aria-label={logo.name} viewBox="0 0 24 24" width="32" height="32" fill="currentColor">
                <path d={logo.path} />
              </svg>
            ) : logo.kind === "svg" ? (
              <svg
                role="img"
                aria-label={logo.name}
                viewBox={`0 0 ${logo.width} ${logo.height}`}
                height="32"
                width={Math.round((32 * logo.width) / logo.height)}
                dangerouslySetInnerHTML={{ __html: logo.body }}
              />
            ) : null}
            {logo.kind === "svg" && logo.width / logo.height > 2.5 ? null : (
              <Text as="span" fontWeight="700" fontSize="lg" letterSpacing="tight" aria-hidden={logo.kind === "text" ? undefined : true}>
                {logo.name}
              </Text>
            )}
          </Flex>
        ))}
      </Flex>
    </Box>
  );
}
