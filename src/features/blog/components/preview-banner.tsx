import { Box, Container, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { Eye } from "lucide-react";

/** Above a preview (docs/admin-posts.md#preview): what this page is. */
export function PreviewBanner({ published }: { published: boolean }) {
  return (
    <Box bg="sand.100" borderBottomWidth="1px" borderColor="sand.300" role="note" data-testid="preview-banner">
      <Container maxW="3xl" py="3" display="flex" gap="2" alignItems="center">
        <Eye aria-hidden="true" size={18} />
        <Text fontSize="sm" fontWeight="500">
          {published ? (
            <Trans>Preview: this is how the article looks to visitors.</Trans>
          ) : (
            <Trans>Preview of a draft: visitors cannot see this article yet.</Trans>
          )}
        </Text>
      </Container>
    </Box>
  );
}

/** A preview link that no longer opens anything (docs/admin-posts.md#preview). */
export function PreviewUnavailable({ error = false }: { error?: boolean }) {
  return (
    <Container maxW="2xl" py={{ base: "20", md: "28" }} textAlign="center">
      <Box as="h1" fontSize={{ base: "2xl", md: "4xl" }} fontWeight="800" mb="4">
        {error ? <Trans>The preview could not be loaded</Trans> : <Trans>This preview link no longer works</Trans>}
      </Box>
      <Text color="fg.muted">
        {error ? (
          <Trans>Please try again in a moment.</Trans>
        ) : (
          <Trans>It has expired or was turned off. Ask whoever shared it for a new link.</Trans>
        )}
      </Text>
    </Container>
  );
}
