import { Container, Heading } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-leads";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Leads`, description: msg`Administration`, noindex: true });

export default function AdminLeads() {
  return (
    <Container maxW="6xl" py="10">
      <Heading as="h1">
        <Trans>Leads</Trans>
      </Heading>
    </Container>
  );
}
