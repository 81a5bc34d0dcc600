import { Box, HStack, Text } from "@chakra-ui/react";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";
import { AppLink } from "../app-link";

/** The product wordmark: a mark and the name in the page's language, linking home. */
export function Wordmark({ tone = "dark", linked = true }: { tone?: "dark" | "light"; linked?: boolean }) {
  const { locale } = useLocale();
  const site = useSiteConfig();
  const name = site.name[locale];
  const content = (
    <HStack gap="2" as="span">
      <Box
        as="span"
        aria-hidden="true"
        display="inline-grid"
        placeItems="center"
        boxSize="8"
        rounded="lg"
        bg={tone === "dark" ? "brand.solid" : "white"}
        color={tone === "dark" ? "white" : "brand.fg"}
        fontWeight="800"
        fontSize="md"
      >
        {name.slice(0, 1)}
      </Box>
      <Text
        as="span"
        fontWeight="800"
        fontSize="xl"
        letterSpacing={locale === "en" ? "-0.02em" : undefined}
        color={tone === "dark" ? "fg" : "white"}
      >
        {name}
      </Text>
    </HStack>
  );
  if (!linked) return content;
  return (
    <AppLink to="/" _hover={{ textDecoration: "none" }} rounded="md">
      {content}
    </AppLink>
  );
}
