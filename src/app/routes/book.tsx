import { Box, Container } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { island } from "../islands/island";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/book";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Book your 30-minute demo`,
    description: msg`See how every enquiry gets answered in seconds, using your own listings. Pick a weekday and a time that suits you.`,
  });

/**
 * The demo booking form on a page of its own (docs/product.md#booking): where "Book a Demo" leads when
 * the dialog cannot open (no JavaScript). Its code loads when the visitor touches the form.
 */
const DemoBooking = island("demo-booking", { minH: "40rem", when: "touched" });

export default function Book() {
  return (
    <>
      <PageHeader
        title={<Trans>Book your 30-minute demo</Trans>}
        description={
          <Trans>See how every enquiry gets answered in seconds, using your own listings. Pick a weekday and a time that suits you.</Trans>
        }
      />
      <Container maxW="2xl" py={{ base: "10", md: "16" }}>
        <Box as="section" layerStyle="panel" p={{ base: "5", md: "8" }} shadow="sm">
          <DemoBooking />
        </Box>
      </Container>
    </>
  );
}
