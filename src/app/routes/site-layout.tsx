import { msg } from "@lingui/core/macro";
import { Outlet, isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from "react-router";
import { NotFound } from "@/components/layout/not-found";
import { RouteError } from "@/components/layout/route-error";
import { stripLocale } from "@/lib/i18n/locale";
import { routeMeta } from "../route-meta";
import { SiteChrome } from "../site-chrome";
import type { Route } from "./+types/site-layout";

/**
 * Public pages are rendered in islands mode in production: no router in the browser, only their
 * interactive parts hydrate (src/app/islands/README.md). A page can opt out with its own `handle`.
 */
export const handle = { islands: true };

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
