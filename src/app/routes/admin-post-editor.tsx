import { Container, Heading } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-post-editor";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Edit post`, description: msg`Administration`, noindex: true });

export default function AdminPostEditor() {
  return (
    <Container maxW="6xl" py="10">
      <Heading as="h1">
        <Trans>Edit post</Trans>
      </Heading>
    </Container>
  );
}
