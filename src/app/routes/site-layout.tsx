import { Box, Flex } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Outlet, isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from "react-router";
import { island } from "@/components/forms/island";
import { OutboxNotice } from "@/components/forms/outbox-notice";
import { Footer } from "@/components/layout/footer";
import { Navbar } from "@/components/layout/navbar";
import { NotFound } from "@/components/layout/not-found";
import { RouteError } from "@/components/layout/route-error";
import { stripLocale } from "@/lib/i18n/locale";
import { DemoDialogProvider, useDemoDialog } from "@/features/booking/components/demo-dialog-context";
import { useOutbox } from "@/lib/submit/use-outbox";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/site-layout";

/** The newsletter form's code loads when the footer comes near the viewport; its server HTML shows meanwhile. */
const NewsletterForm = island(
  () => import("@/features/newsletter/components/newsletter-form").then((m) => m.NewsletterForm),
  "6rem",
  "visible",
);

function SiteFooter() {
  const dialog = useDemoDialog();
  return <Footer onDemoClick={dialog.open} newsletter={<NewsletterForm />} />;
}

/** Only used when a page failed (the error boundary below is then the deepest route): a title and noindex. */
export const meta: Route.MetaFunction = (args) =>
  args.error
    ? routeMeta(args, { title: msg`This page could not be loaded`, description: msg`Please try again later.`, noindex: true })
    : [];

/** Public pages: navigation bar, page, footer; hosts the demo dialog and the form outbox. */
export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/**
 * A page that failed (its data request dropped during client navigation, a server error): the error
 * and a retry inside the same navigation bar and footer, never a bare page. Unknown pages thrown as
 * 404 get the 404 page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteChrome>
        <NotFound />
      </SiteChrome>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  const bare = stripLocale(pathname);
  const what = bare === "/blog" ? "blog" : bare.startsWith("/blog/") ? "article" : "page";
  return (
    <SiteChrome>
      <RouteError what={what} onRetry={() => void revalidator.revalidate()} retrying={revalidator.state === "loading"} />
    </SiteChrome>
  );
}

function SiteChrome({ children }: { children: ReactNode }) {
  const pending = useOutbox();
  return (
    <DemoDialogProvider>
      <Flex direction="column" minH="100dvh">
        <Box
          asChild
          position="absolute"
          insetStart="2"
          top="-16"
          zIndex="skipNav"
          bg="brand.solid"
          color="white"
          px="4"
          py="2"
          rounded="md"
          _focusVisible={{ top: "2" }}
        >
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
      <OutboxNotice pending={pending} />
    </DemoDialogProvider>
  );
}
