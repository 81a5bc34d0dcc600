/**
 * Server rendering: waits for the whole page (so crawlers and link previews get everything),
 * then inlines exactly the Emotion/Chakra styles that page uses into <head> (Chakra's global styles and
 * the frame's and lead form's styles are not among them: every page links them as one cached
 * stylesheet, see root.tsx and shared-css.ts).
 */
import { Writable } from "node:stream";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { loadI18n } from "@/lib/i18n/catalogs";
import { stripLocale } from "@/lib/i18n/locale";
import { siteConfigFromEnv } from "@/lib/site-config";
import { createAppCache } from "@/lib/ssr-styles/emotion-cache";
import { sharedStatements, ssrStyleTags } from "@/lib/ssr-styles/ssr-styles";
import { contentSecurityPolicy } from "./csp.server";
import { deferHydration } from "./deferred-boot";
import sharedCss from "./shared.css?raw";

export const streamTimeout = 10_000;

/** What every page links (root.tsx) and so need not inline: Chakra's global styles, the site frame's and the lead form's CSS (shared-css.ts). */
const shared = sharedStatements(sharedCss);

function renderToHtml(node: ReactNode): Promise<{ html: string; failed: boolean }> {
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
  const { html, failed } = await renderToHtml(
    <CacheProvider value={cache}>
      <ServerRouter context={routerContext} url={request.url} />
    </CacheProvider>,
  );
  const styles = ssrStyleTags(emotion.extractCriticalToChunks(html).styles, shared);
  const page = `${html.startsWith("<!DOCTYPE") ? "" : "<!DOCTYPE html>"}${html.replace("</head>", `${styles}</head>`)}`;
  // The development server injects its own client scripts; only the production document is rewritten.
  const admin = /^\/admin(\/|$)/.test(stripLocale(new URL(request.url).pathname));
  const document = import.meta.env.PROD ? deferHydration(page, { waitForPaint: !admin }) : page;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (import.meta.env.PROD) {
    const server = loadContext?.server;
    const site = siteConfigFromEnv(server?.env ?? {});
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(document, { connectTo: [server?.publicSupabaseUrl, site.audioWebhookUrl], origin: server?.publicUrl }),
    );
  }
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
  return new Response(document, {
    status: failed && responseStatusCode < 400 ? 500 : responseStatusCode,
    headers: responseHeaders,
  });
}
