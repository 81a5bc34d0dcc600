import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { AppLink } from "../app-link";

export function NotFound() {
  return (
    <Container maxW="2xl" py={{ base: "20", md: "28" }} textAlign="center">
      <Stack gap="5" align="center">
        <Text fontSize="7xl" fontWeight="800" color="brand.solid" lineHeight="1" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" fontSize={{ base: "2xl", md: "3xl" }}>
          <Trans>Oops! Page not found</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </Text>
        <Button asChild type={undefined} colorPalette="brand">
          <AppLink to="/" _hover={{ textDecoration: "none" }}>
            <Trans>Return to home</Trans>
          </AppLink>
        </Button>
      </Stack>
    </Container>
  );
}
