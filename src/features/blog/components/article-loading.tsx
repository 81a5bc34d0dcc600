import { Container, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";

/** 'Loading article...' while a client navigation fetches the post. */
export function ArticleLoading() {
  return (
    <Container maxW="3xl" py="24" textAlign="center">
      <Text role="status" fontSize="lg" color="fg.muted">
        <Trans>Loading article...</Trans>
      </Text>
    </Container>
  );
}
