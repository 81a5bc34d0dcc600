import { fontScript } from "./fonts";
import sharedCss from "./shared.css?url";
import "./load-context";
import { Box, Button, Container, Heading, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useContext, useEffect, useMemo } from "react";
import {
  Link,
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
import { PageNavigationProvider } from "@/components/navigation";
import { isAdminPath } from "@/lib/i18n/catalogs";
import { directionOf, localeFromPath } from "@/lib/i18n/locale";
import { defaultSiteConfig, siteConfigFromEnv } from "@/lib/site-config";
import { configureSupabase } from "@/lib/supabase/config";
import type { Route } from "./+types/root";
import type { RootData } from "./root-data";
import { BOOT_ID, type BootOptions, bootScript } from "./deferred-boot";
import { HYDRATED_ATTR, scriptJson } from "./hydration-marks";
import { ISLAND_CONFIG_ID, type IslandCollector, IslandCollectorContext, type IslandConfig } from "./islands/frame";

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
  // Set (on the server only) when this page is rendered in islands mode: see src/app/islands/README.md.
  const islands = useContext(IslandCollectorContext);
  const navigation = useMemo(() => ({ pathname, RouterLink: Link, isStatic: Boolean(islands) }), [pathname, islands]);
  if (islands)
    islands.config = { locale, pathname, site: data?.site ?? defaultSiteConfig, supabase: data?.supabase ?? { url: null, anonKey: "" } };
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#032925" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        {/* Chakra's reset, tokens and global styles and the local fallback faces: one hashed, immutable file every page shares (shared-css.ts). */}
        <link rel="stylesheet" href={sharedCss} data-ssr-global="" />
        {/* The script that adds this language's web face once it is cached (the local fallback faces are in shared.css): see fonts.ts. */}
        <script dangerouslySetInnerHTML={{ __html: fontScript(locale) }} />
        <Meta />
        <Links />
        {/* Visitor forms without JavaScript (docs/product.md#submit): fetched only by a browser that runs no script. */}
        <noscript>
          <link rel="stylesheet" href="/no-script.css" />
        </noscript>
      </head>
      <body>
        <AppProviders locale={locale} site={data?.site}>
          <PageNavigationProvider value={navigation}>{children}</PageNavigationProvider>
        </AppProviders>
        {islands?.config ? (
          <IslandScripts islands={islands} config={islands.config} />
        ) : (
          <>
            {/* A page React Router hydrates as a whole (the admin area): its scripts start themselves; the boot script holds early submissions and clicks. */}
            <BootScript module={null} preloads={[]} waitForPaint={!isAdminPath(pathname)} />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * A page in islands mode loads no router and hydrates nothing as a whole: its configuration, and the boot
 * script (deferred-boot.ts), which starts the islands loader (src/app/islands/entry.ts) and preloads the
 * files it imports after the first paint. The same in development, where the loader comes from Vite's dev
 * server (scripts/vite-plugin-islands.ts).
 */
function IslandScripts({ islands, config }: { islands: IslandCollector; config: IslandConfig }) {
  return (
    <>
      <script type="application/json" id={ISLAND_CONFIG_ID} dangerouslySetInnerHTML={{ __html: scriptJson(config) }} />
      <BootScript module={islands.script.file} preloads={islands.script.imports} waitForPaint />
    </>
  );
}

function BootScript(options: BootOptions) {
  return <script id={BOOT_ID} dangerouslySetInnerHTML={{ __html: bootScript(options) }} />;
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
