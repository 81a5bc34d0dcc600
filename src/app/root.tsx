import { fontScript } from "./fonts";
import sharedCss from "./shared.css?url";
import "./load-context";
import { Box, Button, Container, Heading, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { AppProviders } from "@/components/providers/app-providers";
import { NotFound } from "@/components/layout/not-found";
import { directionOf, localeFromPath } from "@/lib/i18n/locale";
import { siteConfigFromEnv } from "@/lib/site-config";
import { configureSupabase } from "@/lib/supabase/config";
import type { Route } from "./+types/root";
import type { RootData } from "./root-data";
import { HYDRATED_ATTR } from "./hydration-marks";

export function loader({ request, context }: Route.LoaderArgs): RootData {
  const env = context.server?.env ?? process.env;
  const site = siteConfigFromEnv(env);
  const origin = site.publicUrl ?? new URL(request.url).origin;
  return {
    site,
    origin,
    supabase: {
      url: context.server?.publicSupabaseUrl ?? null,
      anonKey: context.server?.anonKey ?? "",
    },
  };
}

export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (data) configureSupabase(data.supabase);
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#032925" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Chakra's reset, tokens and global styles and the local fallback faces: one hashed, immutable file every page shares (shared-css.ts). */}
        <link rel="stylesheet" href={sharedCss} data-ssr-global="" />
        {/* The script that adds this language's web face once it is cached (the local fallback faces are in shared.css): see fonts.ts. */}
        <script dangerouslySetInnerHTML={{ __html: fontScript(locale) }} />
        <Meta />
        <Links />
      </head>
      <body>
        <AppProviders locale={locale} site={data?.site}>
          {children}
        </AppProviders>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Tells the boot script (deferred-boot.ts) that clicks it held may now be replayed.
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTR, "");
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Container maxW="2xl" py="24" textAlign="center">
      <Box>
        <Heading as="h1" fontSize="3xl">
          <Trans>Something went wrong</Trans>
        </Heading>
        <Text mt="4" color="fg.muted">
          <Trans>Please try again in a moment. If the problem continues, contact us.</Trans>
        </Text>
        <Button mt="6" colorPalette="brand" onClick={() => window.location.reload()}>
          <Trans>Reload the page</Trans>
        </Button>
      </Box>
    </Container>
  );
}
