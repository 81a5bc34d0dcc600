/**
 * Server rendering: waits for the whole page (so crawlers and link previews get everything),
 * then inlines exactly the Emotion/Chakra styles that page uses into <head> (Chakra's global styles and
 * the frame's and lead form's styles are not among them: every page links them as one cached
 * stylesheet, see root.tsx and shared-css.ts).
 */
import { Writable } from "node:stream";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import type { EmotionCache } from "@emotion/cache";
import type { ReactNode } from "react";
import islandsScript from "virtual:islands-entry";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { FormEchoContext, sentEchoOf } from "@/components/forms/form-echo";
import type { FormEcho } from "@/lib/forms/visitor-forms";
import { loadI18n } from "@/lib/i18n/catalogs";
import { siteConfigFromEnv } from "@/lib/site-config";
import { createAppCache } from "@/lib/ssr-styles/emotion-cache";
import { sharedStatements, ssrStyleTags } from "@/lib/ssr-styles/ssr-styles";
import { contentSecurityPolicy } from "./csp.server";
import { IslandCollector, IslandCollectorContext, IslandFrame, type IslandRenderer, islandIdPrefix } from "./islands/frame";
import { loadIsland } from "./islands/registry";
import sharedCss from "./shared.css?raw";

export const streamTimeout = 10_000;

/** What every page links (root.tsx) and so need not inline: Chakra's global styles, the site frame's and the lead form's CSS (shared-css.ts). */
const shared = sharedStatements(sharedCss);

function renderToHtml(node: ReactNode, identifierPrefix?: string): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let html = "";
    let failed = false;
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        html += chunk.toString("utf8");
        cb();
      },
      final(cb) {
        clearTimeout(timer);
        resolve({ html, failed });
        cb();
      },
    });
    const { pipe, abort } = renderToPipeableStream(node, {
      // The whole page is sent at once (onAllReady), so every Suspense boundary is complete: keep each in
      // place. React otherwise sends large ones as hidden <div>s revealed by an inline script after the
      // rest, which visitors without JavaScript never see and which can shift the layout.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      identifierPrefix,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        failed = true;
        console.error(error);
      },
    });
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

/**
 * Whether this page is rendered in islands mode (src/app/islands/README.md): the deepest route that says
 * (`handle.islands`) decides, in development as in production. Without the islands loader (a server
 * build made without its client build) every page hydrates as a whole.
 */
function islandsMode(context: EntryContext): boolean {
  if (!islandsScript) return false;
  let islands = false;
  for (const match of context.staticHandlerContext.matches) {
    const handle: unknown = context.routeModules[match.route.id]?.handle;
    if (handle && typeof handle === "object" && "islands" in handle) islands = handle.islands === true;
  }
  return islands;
}

/** Renders one island on its own, as the browser will hydrate it: same frame, `useId` prefix from its id. */
function islandRenderer(cache: EmotionCache, echo: FormEcho | null): IslandRenderer {
  return async ({ id, name, props, config }) => {
    const Island = await loadIsland(name);
    return renderToHtml(
      <CacheProvider value={cache}>
        <FormEchoContext.Provider value={echo}>
          <IslandFrame config={config}>
            <Island {...props} />
          </IslandFrame>
        </FormEchoContext.Provider>
      </CacheProvider>,
      islandIdPrefix(id),
    );
  };
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  await Promise.all([loadI18n("ar"), loadI18n("en")]);
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const cache = createAppCache();
  const emotion = createEmotionServer(cache);
  // A visitor form's answer without JavaScript (docs/product.md#submit): the server's verdict on a post
  // (server/site/form-post.ts), or the success after its redirect (`?sent=`). Such a page is the visitor's own.
  const echo = loadContext?.server?.formEcho ?? sentEchoOf(new URL(request.url).search);
  // Islands mode: each island is rendered on its own, inside its element, as the page's render reaches it (island.tsx).
  const collector = islandsScript && islandsMode(routerContext) ? new IslandCollector(islandsScript, islandRenderer(cache, echo)) : null;
  const main = await renderToHtml(
    <CacheProvider value={cache}>
      <FormEchoContext.Provider value={echo}>
        <IslandCollectorContext.Provider value={collector}>
          <ServerRouter context={routerContext} url={request.url} />
        </IslandCollectorContext.Provider>
      </FormEchoContext.Provider>
    </CacheProvider>,
  );
  const { html } = main;
  const failed = main.failed || Boolean(collector?.failed);
  const styles = ssrStyleTags(emotion.extractCriticalToChunks(html).styles, shared);
  const page = `${html.startsWith("<!DOCTYPE") ? "" : "<!DOCTYPE html>"}${html.replace("</head>", `${styles}</head>`)}`;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (import.meta.env.PROD) {
    const server = loadContext?.server;
    const site = siteConfigFromEnv(server?.env ?? {});
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(page, { connectTo: [server?.publicSupabaseUrl, site.audioWebhookUrl], origin: server?.publicUrl }),
    );
  }
  if (echo) responseHeaders.set("Cache-Control", "private, no-store");
  else if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
  return new Response(page, {
    status: failed && responseStatusCode < 400 ? 500 : responseStatusCode,
    headers: responseHeaders,
  });
}
