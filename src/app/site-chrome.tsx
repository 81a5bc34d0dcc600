/**
 * The public pages' frame (skip link, navigation bar, footer, demo dialog, form outbox notice) around a
 * page. Used by the site layout route and, for its CSS, by the shared stylesheet's generator
 * (shared-css.ts renders it in both languages so pages need not inline its styles).
 */
import { Box, Flex } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { island } from "./islands/island";
import { Footer } from "@/components/layout/footer";
import { Navbar } from "@/components/layout/navbar";
import { DemoDialogProvider, useDemoDialog } from "@/features/booking/components/demo-dialog-context";

/** The newsletter form's code loads when the visitor touches it (focus, pointer); its server HTML shows meanwhile. */
const NewsletterForm = island("newsletter", { minH: "6rem", when: "touched" });
/** Delivers queued submissions and says so; its code loads with the page's first other island, or at once when something waits. */
const Outbox = island("outbox", { when: "outbox" });

function SiteFooter() {
  const dialog = useDemoDialog();
  return <Footer onDemoClick={dialog.open} newsletter={<NewsletterForm />} />;
}

export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <DemoDialogProvider>
      <Flex direction="column" minH="100dvh">
        <Box asChild layerStyle="skipLink">
          <a href="#main">
            <Trans>Skip to content</Trans>
          </a>
        </Box>
        <Navbar />
        <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: "none" }}>
          {children}
        </Box>
        <SiteFooter />
      </Flex>
      <Outbox />
    </DemoDialogProvider>
  );
}
