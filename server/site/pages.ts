/**
 * Serves the server-rendered pages: anonymous public pages from the page cache (server/site/page-cache.ts),
 * everything else rendered for its request. Requests reach React Router with the canonical origin
 * (PUBLIC_URL, or the address the server listens on), never the Host or X-Forwarded-Host a client sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { type ServerBuild, createRequestHandler } from "react-router";
import type { ServerContext } from "../../src/lib/server-context.ts";
import type { FormEcho } from "../../src/lib/forms/visitor-forms.ts";
import type { ContentVersion } from "./content-version.ts";
import type { Log } from "../ops/log.ts";
import { type CachedPage, type PageCache, cacheKeyFor, carriesCredentials, compressPage, dayStamp, pastExpiry } from "./page-cache.ts";
import { pageWriter } from "./page-wire.ts";

interface PageOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  context: () => ServerContext;
  /** The canonical origin ("https://example.com"). */
  origin: () => string;
  /** Null disables the cache (development). */
  cache: { pages: PageCache; notFound: PageCache } | null;
  version: ContentVersion | null;
  /** How long a CDN may serve a page without asking (seconds). */
  sMaxAge: number;
  staleWhileRevalidate: number;
  /** Without a version to watch (hosted Supabase), how long a page is reused. */
  fallbackTtlMs: number;
  now?: () => number;
  log: Log;
  /**
   * Headers every response carries (server/app.ts's security headers); the fast path writes them itself,
   * since it answers before Express. Content-Security-Policy comes from the page.
   */
  baseHeaders?: readonly (readonly [string, string])[];
  /** Whether a request arrived over HTTPS (directly or through a trusted proxy): HSTS then. */
  secure?: (req: IncomingMessage) => boolean;
  /** Told of every page stored, with its key; returns the page to keep (the page threads share its bytes: server/site/page-threads.ts). */
  onStore?: (key: string, page: CachedPage) => CachedPage;
}

/** Response headers that belong to one response, not to the stored page. */
const PER_RESPONSE = new Set([
  "cache-control",
  "content-length",
  "content-encoding",
  "etag",
  "date",
  "set-cookie",
  "vary",
  "connection",
  "transfer-encoding",
  "x-cache",
]);

export interface PageStats {
  renders: number;
  /** Answers by X-Cache: HIT (stored page), MISS (rendered and stored), BYPASS (rendered for this request). */
  hits: number;
  misses: number;
  bypasses: number;
}

interface PagesHandler extends RequestHandler {
  stats: PageStats;
  /**
   * The fast path, called by the HTTP server before Express: answers a stored page on the bare node:http
   * request and returns true, or returns false (not stored, not storable, or a write's re-read of the
   * content version is pending) and Express handles the request as usual. `requestId` goes in X-Request-Id.
   */
  serveStored(req: IncomingMessage, res: ServerResponse, requestId?: string): boolean;
  /**
   * Renders the page of a visitor form's post (server/site/form-post.ts) as a GET of its path, with the form's
   * echo in the load context, this status and these headers; never stored.
   */
  renderEcho(req: ExpressRequest, res: ExpressResponse, echo: FormEcho, status: number, headers?: Record<string, string>): Promise<void>;
  /**
   * Tells `onStore` again of every page stored now that is still current (same content version, same
   * day, before its expiry): the page threads start after the port is open, and a page stored in between
   * (the first request often comes then) would otherwise stay on this thread until it expires.
   */
  resendStored(): number;
}

export function pagesHandler(opts: PageOptions): PagesHandler {
  const handle = createRequestHandler(opts.build, opts.mode);
  const now = opts.now ?? Date.now;
  const inflight = new Map<string, Promise<CachedPage | null>>();
  const stats: PageStats = { renders: 0, hits: 0, misses: 0, bypasses: 0 };

  const toRequest = (req: ExpressRequest, res: ExpressResponse, pathAndQuery: string, forCache: boolean): Request => {
    const url = new URL(pathAndQuery, opts.origin());
    const headers = new Headers();
    if (!forCache) {
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === "host" || name.startsWith("x-forwarded-")) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
    } else {
      // A stored page is rendered from the URL alone: nothing the visitor sent can end up in it.
      headers.set("accept", "text/html");
    }
    headers.set("host", url.host);
    const controller = new AbortController();
    if (!forCache) res.on("close", () => !res.writableFinished && controller.abort());
    const init: RequestInit & { duplex?: "half" } = { method: forCache ? "GET" : req.method, headers, signal: controller.signal };
    if (!forCache && req.method !== "GET" && req.method !== "HEAD") {
      init.body = Readable.toWeb(req) as ReadableStream;
      init.duplex = "half";
    }
    return new Request(url, init);
  };

  /**
   * A stored page is over when its fallback lifetime is up (nothing to watch), or when a scheduled post it
   * does not show has gone live (then the watcher is asked to read the next publish time at once).
   */
  const expired = (page: CachedPage) => {
    if (opts.version?.watching === false && now() - page.storedAt > opts.fallbackTtlMs) return true;
    if (!pastExpiry(page, now())) return false;
    if (opts.version && opts.version.nextChange() === page.expiresAt) void opts.version.check();
    return true;
  };

  const versionNow = () => (opts.version?.watching ? opts.version.current() : "static");

  /** Renders a page and stores it when it may be shared; null when it may not. */
  const renderForCache = async (req: ExpressRequest, res: ExpressResponse, url: string): Promise<CachedPage | null> => {
    const version = versionNow();
    const day = dayStamp(now());
    // Read with the version: until this instant the page rendered now stays true.
    const expiresAt = opts.version?.watching ? opts.version.nextChange() : null;
    stats.renders++;
    const response = await handle(toRequest(req, res, url, true), { server: opts.context() });
    const cacheControl = response.headers.get("cache-control") ?? "";
    const type = response.headers.get("content-type") ?? "";
    const storable =
      (response.status === 200 || response.status === 404) &&
      response.headers.getSetCookie().length === 0 &&
      !/private|no-store/i.test(cacheControl) &&
      /^(text\/html|text\/x-script)/i.test(type);
    if (!storable) {
      await response.body?.cancel();
      return null;
    }
    const identity = Buffer.from(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.push([name, value]);
    });
    const page = await compressPage({ status: response.status, headers, identity, version, day, storedAt: now(), expiresAt });
    // Content changed while we rendered, or a scheduled post went live: answer this request with it, but do
    // not keep it (the database may already show the post, or not yet: either way the page is not reusable).
    if (versionNow() === version && dayStamp(now()) === day && !pastExpiry(page, now())) {
      (page.status === 404 ? opts.cache!.notFound : opts.cache!.pages).set(url, opts.onStore?.(url, page) ?? page);
    }
    return page;
  };

  const { write, targetOf } = pageWriter({
    baseHeaders: opts.baseHeaders,
    sMaxAge: opts.sMaxAge,
    staleWhileRevalidate: opts.staleWhileRevalidate,
    now,
  });

  /** The Express path (a miss, or a hit after waiting for a write's re-read): the security headers are already set. */
  const send = (req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: "HIT" | "MISS") => {
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Strict-Transport-Security");
    write(req, res, page, state, req.secure);
  };

  const passThrough = async (
    req: ExpressRequest,
    res: ExpressResponse,
    echo?: { echo: FormEcho; status: number; headers: Record<string, string> },
  ) => {
    const request = echo ? toRequest(req, res, req.path, true) : toRequest(req, res, req.originalUrl, false);
    const context = opts.context();
    const response = await handle(request, { server: echo ? { ...context, formEcho: echo.echo } : context });
    stats.renders++;
    if (res.destroyed || res.writableEnded) {
      await response.body?.cancel();
      return;
    }
    // A form's answer keeps the page's own error status (a 404 or 500 stays one).
    res.statusCode = echo && response.status < 300 ? echo.status : response.status;
    if (response.statusText && !echo) res.statusMessage = response.statusText;
    // The page sets its own policy (or none, in development); the API's default does not apply.
    res.removeHeader("Content-Security-Policy");
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader("Set-Cookie", cookies);
    res.setHeader("X-Cache", "BYPASS");
    stats.bypasses++;
    for (const [name, value] of Object.entries(echo?.headers ?? {})) res.setHeader(name, value);
    if (!response.body || req.method === "HEAD") {
      await response.body?.cancel();
      res.end();
      return;
    }
    // The DOM typing of fetch's stream lacks the async iterator Node's has; it is the same object at run time.
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    body.on("error", () => res.destroy());
    body.pipe(res);
  };

  const serveStored = (req: IncomingMessage, res: ServerResponse, requestId?: string): boolean => {
    if (!opts.cache || (req.method !== "GET" && req.method !== "HEAD")) return false;
    // A write through this process's API is being re-read: Express's path waits for it.
    if (opts.version?.settled()) return false;
    if (carriesCredentials(req.headers)) return false;
    const target = targetOf(req.url ?? "/");
    if (!target) return false;
    const version = versionNow();
    const day = dayStamp(now());
    const found = opts.cache.pages.get(target.key, version, day) ?? opts.cache.notFound.get(target.key, version, day);
    if (!found || expired(found)) return false;
    stats.hits++;
    write(req, res, found, "HIT", opts.secure?.(req) ?? false, requestId);
    return true;
  };

  const handler: RequestHandler = async (req, res, next) => {
    try {
      const target = opts.cache ? cacheKeyFor({ method: req.method, url: req.originalUrl, headers: req.headers }) : null;
      if (!target || !opts.cache) return await passThrough(req, res);
      // A write through this process's API is answered only after the version is re-read: wait for it.
      await opts.version?.settled();
      const version = versionNow();
      const day = dayStamp(now());
      const found = opts.cache.pages.get(target.key, version, day) ?? opts.cache.notFound.get(target.key, version, day);
      if (found && !expired(found)) {
        stats.hits++;
        return send(req, res, found, "HIT");
      }
      let pending = inflight.get(target.key);
      if (!pending) {
        pending = renderForCache(req, res, target.url).finally(() => inflight.delete(target.key));
        inflight.set(target.key, pending);
      }
      const page = await pending;
      if (page) {
        stats.misses++;
        return send(req, res, page, "MISS");
      }
      return await passThrough(req, res);
    } catch (error) {
      next(error);
    }
  };
  const renderEcho: PagesHandler["renderEcho"] = (req, res, echo, status, headers = {}) => passThrough(req, res, { echo, status, headers });
  const resendStored = () => {
    let sent = 0;
    if (!opts.cache || !opts.onStore) return 0;
    for (const cache of [opts.cache.pages, opts.cache.notFound]) {
      for (const [key, page] of cache.entries()) {
        if (page.version !== versionNow() || page.day !== dayStamp(now()) || pastExpiry(page, now())) continue;
        cache.set(key, opts.onStore(key, page));
        sent++;
      }
    }
    return sent;
  };
  return Object.assign(handler, { stats, serveStored, renderEcho, resendStored });
}
