import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CloudOff, RotateCw } from "lucide-react";

interface RouteErrorProps {
  /** Which page failed: the blog list has the spec's own wording. */
  what: "blog" | "article" | "page";
  /** Ask for the page's data again (React Router's revalidation). */
  onRetry: () => void;
  retrying?: boolean;
}

/**
 * A page whose data could not be loaded (a dropped connection during client navigation, a server
 * error), shown inside the normal layout so the navigation, footer and language switch stay usable.
 */
export function RouteError({ what, onRetry, retrying = false }: RouteErrorProps) {
  const { t } = useLingui();
  return (
    <Container maxW="2xl" py={{ base: "16", md: "24" }} textAlign="center">
      <Stack gap="4" align="center" role="alert">
        <CloudOff aria-hidden="true" size={40} strokeWidth={1.5} />
        <Heading as="h1" fontSize={{ base: "2xl", md: "3xl" }}>
          {what === "blog" ? (
            <Trans>Failed to load blog posts</Trans>
          ) : what === "article" ? (
            <Trans>Failed to load the article</Trans>
          ) : (
            <Trans>This page could not be loaded</Trans>
          )}
        </Heading>
        <Text color="fg.muted">
          <Trans>Please try again later.</Trans>
        </Text>
        <Button colorPalette="brand" onClick={onRetry} loading={retrying} loadingText={t`Trying again…`}>
          <RotateCw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Container>
  );
}
