/**
 * The one Node server: the Supabase-compatible API, the built client assets and the server-rendered
 * pages, on one origin and port.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { ServerContext } from "../src/lib/server-context.ts";
import { siteConfigFromEnv } from "../src/lib/site-config.ts";
import { type TrustFn, clientAddressOrNull, clientAddressWith } from "./api/client-address.ts";
import { EVENT_PATH } from "../src/lib/analytics/wire.ts";
import type { Api } from "./api/index.ts";
import { type ContentVersion, watchContentVersion } from "./site/content-version.ts";
import { inProcessFetch, isolateExpressPrototypes } from "./site/in-process-fetch.ts";
import { type Log, log as defaultLog } from "./ops/log.ts";
import { analyticsBackgroundIdle, analyticsBackgroundNice } from "./ops/background-priority.ts";
import { REQUEST_ID_HEADER, requestContext, requestIdFor } from "./ops/request-id.ts";
import { Metrics, kindOf, metricsEndpoint } from "./ops/metrics.ts";
import { PageCache } from "./site/page-cache.ts";
import type { PageThreads } from "./site/page-threads.ts";
import { isSecure } from "./site/page-wire.ts";
import { type PageStats, pagesHandler } from "./site/pages.ts";
import { createHealth, healthRoutes } from "./ops/health.ts";
import { type ShutdownTiming, drainHttpServer, markClosing, shutdownTimingFromEnv, sleep } from "./ops/shutdown.ts";

interface AppOptions {
  env?: Record<string, string | undefined>;
  log?: Log;
  /** The React Router server build, or a loader for it (dev). Omit to serve the API only. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of built client assets (build/client). */
  clientDir?: string;
  /** Extra middleware mounted before the pages (the Vite dev server in development). */
  before?: RequestHandler[];
  /** The clock the page cache uses for "today" (tests move it across midnight). */
  now?: () => number;
  /**
   * Threads that answer stored pages on the other cores (server/site/page-threads.ts); 0 (the default) serves
   * from this thread alone. Only with the page cache on (production) and on Linux (SO_REUSEPORT).
   */
  pageThreads?: number;
  /** Runs once the port is open and before the page threads start (tests: a request in that window). */
  beforeThreads?: (url: string) => Promise<void>;
}

export interface RunningApp {
  app: Express;
  url: string;
  port: number;
  /** The canonical origin pages and feeds link to (PUBLIC_URL, else the listening address). */
  origin: string;
  /** Page renders and cache hits so far (tests and the benchmark read them). */
  pageStats: PageStats | null;
  /** The content-version watcher, when the API runs here (tests wait on it). */
  contentVersion: ContentVersion | null;
  /** The embedded API (null with API=off). */
  api: Api | null;
  /** Stored pages answered by the page threads so far (0 without threads). */
  threadHits(): number;
  /** The analytics listener's port (ANALYTICS_PORT), or null when there is none. */
  analyticsPort: number | null;
  /** Analytics beacon requests answered by the page threads so far (0 without threads). */
  threadBeacons(): number;
  /** Closes at once: connections are cut (tests). */
  close(): Promise<void>;
  /** Graceful shutdown (SIGTERM): not ready, stop accepting, let requests finish (server/ops/shutdown.ts). */
  shutdown(timing?: ShutdownTiming): Promise<void>;
}

/**
 * Headers for every response. The pages add their own Content-Security-Policy (script hashes, see
 * src/app/csp.ts); everything else may not be framed and runs no script. HSTS only when the request
 * really arrived over HTTPS (directly, or through a proxy trusted by TRUST_PROXY / loopback).
 */
const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Permissions-Policy", "camera=(), geolocation=(), payment=()"],
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; img-src 'self'; style-src 'unsafe-inline'"],
];

const securityHeaders: RequestHandler = (req, res, next) => {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
};

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && value !== undefined && value !== "" ? n : fallback;
};

/**
 * The mail outbox gauges for /metrics: one indexed read (mail_outbox_due_idx covers pending rows) through
 * the server's own connection, as the mail worker reads the outbox; null when the database does not answer
 * within a second.
 */
async function outboxGauges(db: Api["db"]): Promise<{ pending: number; oldestSeconds: number } | null> {
  const read = db
    .query<{ pending: number; oldest: number | null }>(
      `select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest
         from public.mail_outbox where status = 'pending'`,
    )
    .then((r) => ({ pending: Number(r.rows[0]?.pending ?? 0), oldestSeconds: Math.max(0, Number(r.rows[0]?.oldest ?? 0)) }));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 1000)));
  try {
    return await Promise.race([read, late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * LOG_ACCESS=on: one info line per request when its response is done or the client went away
 * (docs/serving.md, "Logs and request ids"). The path is logged without its query (tokens travel there).
 */
function logAccess(log: Log, req: IncomingMessage, res: ServerResponse, requestId: string) {
  const started = performance.now();
  const url = req.url ?? "";
  const q = url.indexOf("?");
  const method = req.method;
  const kind = kindOf(url);
  res.once("close", () => {
    requestContext.run({ requestId }, () =>
      log.info("request", {
        method,
        path: (q === -1 ? url : url.slice(0, q)).slice(0, 512),
        kind,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      }),
    );
  });
}

export async function startServer(options: AppOptions = {}): Promise<RunningApp> {
  const env = options.env ?? process.env;
  const log = options.log ?? defaultLog;
  const host = env.HOST || "127.0.0.1";
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR || ".data");
  const shutdownTiming = shutdownTimingFromEnv(env);
  // Checked before anything opens: a bad value stops the start with nothing left listening.
  const analyticsPortSetting = analyticsPortFrom(env.ANALYTICS_PORT);
  const listenerPriority = listenerPriorityFrom(env.ANALYTICS_LISTENER_PRIORITY);
  analyticsBackgroundNice(env);
  analyticsBackgroundIdle(env);

  // API=off serves the pages alone (their data calls then fail and the pages degrade gracefully).
  const api =
    env.API === "off"
      ? null
      : await (
          await import("./api/index.ts")
        ).createApi({
          dataDir,
          databaseUrl: env.DATABASE_URL,
          jwtSecret: env.JWT_SECRET,
          siteUrl: env.PUBLIC_URL ?? `http://${host}:${port}`,
          env,
          log,
        });

  const app = express();
  app.disable("x-powered-by");
  const trustProxy = (await import("./api/client-address.ts")).trustProxySetting(env.TRUST_PROXY);
  app.set("trust proxy", trustProxy);
  app.use(securityHeaders);
  // GET /healthz and /readyz (server/ops/health.ts).
  const health = api?.health ?? createHealth({ db: null });
  app.use(healthRoutes(health));
  // GET /metrics, only with METRICS_TOKEN and that bearer token (server/ops/metrics.ts); else the site's 404.
  const metrics = env.METRICS_TOKEN ? new Metrics() : null;
  if (metrics) {
    app.use(
      metricsEndpoint({
        token: env.METRICS_TOKEN!,
        metrics,
        sources: {
          pageCache: () => ({
            hit: (pageStats?.hits ?? 0) + (threads?.hits() ?? 0),
            miss: pageStats?.misses ?? 0,
            bypass: pageStats?.bypasses ?? 0,
          }),
          threads: () => threads?.metrics() ?? null,
          pool: () => api?.db.poolStats?.() ?? null,
          outbox: () => (api ? outboxGauges(api.db) : Promise.resolve(null)),
        },
      }),
    );
  }
  // Cached pages arrive already compressed (Content-Encoding set), which compression() leaves alone.
  app.use(compression());

  // Pages are cached until the blog changes: watch the content version (server/site/content-version.ts).
  const cacheOn = Boolean(options.build) && env.PAGE_CACHE !== "off" && env.NODE_ENV === "production";
  let threads: PageThreads | null = null;
  const contentVersion = cacheOn
    ? await watchContentVersion({
        db: api && !env.VITE_SUPABASE_URL ? api.db : null,
        databaseUrl: env.DATABASE_URL,
        intervalMs: positive(env.PAGE_CACHE_POLL_MS, 250),
        log,
        onChange: () => threads?.versionChanged(),
      })
    : null;
  if (api && contentVersion?.watching) {
    // A write through this process's API: re-read the version as soon as it is answered. The page threads
    // leave pages to this thread from the moment the write arrives until that read is done.
    app.use("/rest/v1", (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
        const done = threads?.writeStarted();
        res.on("finish", () => void contentVersion.check(true).finally(done));
        if (done) res.on("close", () => !res.writableFinished && done());
      }
      next();
    });
  }
  if (api) app.use(api.router);
  app.use((await import("./audio/upload.ts")).audioUploadRouter({ db: api?.db ?? null, log, limiters: api?.limiters }));
  for (const mw of options.before ?? []) app.use(mw);

  if (options.clientDir && existsSync(options.clientDir)) {
    // Hashed files never change: cache them for a year.
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  let listeningPort = port;
  const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  const configuredOrigin = siteConfigFromEnv(env).publicUrl;
  // The one origin every link, canonical and feed uses: never taken from a request's Host header.
  const origin = () => configuredOrigin ?? `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${listeningPort}`;
  const hostedSupabase = env.VITE_SUPABASE_URL || null;
  // The loaders' supabase-js reaches the embedded API in-process (server/site/in-process-fetch.ts).
  const internalBase = "http://embedded-api.internal";
  let apiFetch: typeof fetch | undefined;
  if (api && !hostedSupabase) {
    const apiApp = express();
    isolateExpressPrototypes(apiApp);
    apiApp.disable("x-powered-by");
    apiApp.set("trust proxy", "loopback");
    apiApp.use(api.router);
    apiApp.use((_req, res) => void res.status(404).json({ code: "PGRST404", message: "Not found", details: null, hint: null }));
    apiFetch = inProcessFetch(apiApp, internalBase);
  }
  let contextEnv: Record<string, string | undefined> | null = null;
  const serverContext = (): ServerContext => ({
    supabaseUrl: hostedSupabase ?? (apiFetch ? internalBase : `http://127.0.0.1:${listeningPort}`),
    publicSupabaseUrl: hostedSupabase,
    anonKey: env.VITE_SUPABASE_ANON_KEY || api?.anonKey || "",
    publicUrl: origin(),
    fetch: apiFetch,
    nextPublishAt: contentVersion?.watching ? () => contentVersion.nextChange() : undefined,
    env: (contextEnv ??= { ...env, PUBLIC_URL: origin() }),
  });

  let pageStats: PageStats | null = null;
  let serveStored: ((req: IncomingMessage, res: ServerResponse, requestId?: string) => boolean) | null = null;
  let resendStored: (() => number) | null = null;
  if (options.build) {
    const pageCacheMb = positive(env.PAGE_CACHE_MB, 64);
    const pages = pagesHandler({
      build: options.build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      context: serverContext,
      origin,
      cache: contentVersion
        ? {
            pages: new PageCache(pageCacheMb * 1024 * 1024, 5000),
            notFound: new PageCache(Math.max(1, pageCacheMb / 8) * 1024 * 1024, 500),
          }
        : null,
      version: contentVersion,
      sMaxAge: positive(env.PAGE_CACHE_S_MAXAGE, 1),
      staleWhileRevalidate: positive(env.PAGE_CACHE_SWR, 30),
      fallbackTtlMs: positive(env.PAGE_CACHE_TTL_MS, 1000),
      now: options.now,
      log,
      baseHeaders: SECURITY_HEADERS,
      onStore: (key, page) => threads?.publish(key, page) ?? page,
      secure: isSecure(app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean),
    });
    pageStats = pages.stats;
    serveStored = pages.serveStored;
    resendStored = pages.resendStored;
    // One lowercase address per page: /EN, /Blog … answer 301 (server/site/canonical-path.ts).
    app.use((await import("./site/canonical-path.ts")).canonicalPathRedirect);
    // A visitor form posted without JavaScript (server/site/form-post.ts): stored through submit-form, then 303.
    app.post(
      "/{*splat}",
      (await import("./site/form-post.ts")).formPostHandler({
        render: (req, res, echo, status, headers) => pages.renderEcho(req, res, echo, status, headers),
        submit: (envelope, req) => {
          const ctx = serverContext();
          const headers: Record<string, string> = {
            "Content-Type": "application/json",
            apikey: ctx.anonKey,
            Authorization: `Bearer ${ctx.anonKey}`,
          };
          const ua = req.headers["user-agent"];
          if (ua) headers["User-Agent"] = ua;
          // The embedded API trusts this hop (loopback): the submission is counted and stored as the visitor's.
          const ip = apiFetch ? clientAddressOrNull(req) : null;
          if (ip) headers["X-Forwarded-For"] = ip;
          return (apiFetch ?? fetch)(`${ctx.supabaseUrl}/functions/v1/submit-form`, {
            method: "POST",
            headers,
            body: JSON.stringify(envelope),
          });
        },
        rateLimit: api && apiFetch ? (key) => api.submitRateLimit(key) : undefined,
        // Dates and times are checked here on the default calendar, and authoritatively by submit-form on
        // the chosen market's (its field errors come back onto the page).
        log,
      }),
    );
    app.all("/{*splat}", pages);
  }

  app.use(((err, _req, res, _next) => {
    log.error("unhandled error", { error: String(err?.stack ?? err) });
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  }) as express.ErrorRequestHandler);

  // Stored public pages are answered before Express (server/site/pages.ts, serveStored): a hit costs a map
  // lookup and one write of stored bytes, not a pass through the middleware stack.
  // Every request gets an id (server/ops/request-id.ts): in X-Request-Id and on every log line written for it.
  const accessLog = env.LOG_ACCESS === "on" || env.LOG_ACCESS === "1" || env.LOG_ACCESS === "true";
  const beacon = api?.analytics.collector ?? null;
  const trustFn = app.get("trust proxy fn") as TrustFn;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    metrics?.track(req, res);
    const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER]);
    if (accessLog) logAccess(log, req, res, requestId);
    requestContext.run({ requestId }, () => {
      if (health.draining) markClosing(res);
      // The analytics beacon (server/analytics/collector.ts) before Express: it needs none of its middleware.
      if (beacon && req.method === "POST" && req.url === EVENT_PATH) {
        for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
        res.setHeader("X-Request-Id", requestId);
        void beacon.handle(req, res, clientAddressWith(req, trustFn)).catch((e) => {
          log.error("analytics: beacon failed", { error: String(e) });
          if (!res.headersSent) res.writeHead(500).end();
        });
        return;
      }
      if (serveStored?.(req, res, requestId)) return;
      res.setHeader("X-Request-Id", requestId);
      app(req, res);
    });
  };
  const server = createServer(listener);
  const threadCount = serveStored && contentVersion && process.platform === "linux" ? Math.max(0, options.pageThreads ?? 0) : 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, reusePort: threadCount > 0 }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  listeningPort = (server.address() as AddressInfo).port;
  // ANALYTICS_PORT: the beacon on a listener of its own (docs/analytics.md, "A listener of its own"), for a
  // proxy in front that sends POST /api/event there; the site's port still answers it too.
  const analyticsPort = beacon ? analyticsPortSetting : null;
  await options.beforeThreads?.(`http://${shownHost}:${listeningPort}`);
  if (threadCount > 0 || analyticsPort !== null) {
    threads = await (
      await import("./site/page-threads.ts")
    ).startPageThreads({
      count: threadCount,
      analyticsPort,
      listener,
      log,
      // The threads answer the beacon too and hand its events to this collector (server/analytics/beacon.ts).
      collector: beacon,
      eventPath: EVENT_PATH,
      // A thread stopped: this thread takes visitors' connections again (it had left them to the threads).
      onLost: () => {
        if (server.listening || health.draining) return;
        server.once("error", (error) => log.error("could not listen on the port again", { error: String(error) }));
        server.listen({ port: listeningPort, host, reusePort: true });
      },
      port: listeningPort,
      host,
      baseHeaders: SECURITY_HEADERS,
      listenerPriority,
      sMaxAge: positive(env.PAGE_CACHE_S_MAXAGE, 1),
      staleWhileRevalidate: positive(env.PAGE_CACHE_SWR, 30),
      fallbackTtlMs: positive(env.PAGE_CACHE_TTL_MS, 1000),
      watching: contentVersion?.watching ?? false,
      trustProxy: trustProxy,
      cacheBytes: positive(env.PAGE_CACHE_MB, 64) * 1024 * 1024,
    });
  }
  // Pages stored while the threads were starting (the port was already open) go to them now.
  if (threads && threadCount > 0) resendStored?.();
  if (analyticsPort !== null && threads?.analyticsPort == null) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await threads?.close();
    await api?.close();
    throw new Error(`could not listen on ANALYTICS_PORT ${analyticsPort} (see the warning above)`);
  }
  if (threads && threadCount > 0 && !/^(on|1|true)$/i.test(env.PAGE_THREADS_MAIN_LISTENS ?? "off")) {
    // Visitors' connections all go to the page threads from now on (docs/serving.md, "Both cores"; the
    // default, PAGE_THREADS_MAIN_LISTENS=on keeps this thread on the port too): this thread (PGlite,
    // rendering, the API) answers only what they forward over the private socket, so a stored page never
    // waits behind a database write, an analytics roll-up or a render here.
    // Connections it already accepted are served to their end: server.close() would also close the idle
    // keep-alive ones at once (Node 19+), and a client reusing one just then got "other side closed" (seen in
    // bench:analytics's warm-up). They end after keepAliveTimeout like any idle connection.
    server.closeIdleConnections = () => {};
    server.close();
    delete (server as { closeIdleConnections?: unknown }).closeIdleConnections;
  }
  contextEnv = null;
  const url = `http://${shownHost}:${listeningPort}`;

  return {
    app,
    url,
    port: listeningPort,
    origin: origin(),
    pageStats,
    contentVersion,
    api,
    threadHits: () => threads?.hits() ?? 0,
    analyticsPort: threads?.analyticsPort ?? null,
    threadBeacons: () => threads?.metrics().api.count ?? 0,
    async close() {
      await threads?.close();
      await contentVersion?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await api?.close();
    },
    async shutdown(timing = shutdownTiming) {
      health.drain();
      if (timing.delayMs > 0) await sleep(timing.delayMs);
      const [{ cut }] = await Promise.all([drainHttpServer(server, timing.graceMs), threads?.drain(timing.graceMs)]);
      if (cut > 0) log.warn(`shutdown: ${cut} connection(s) still open after ${timing.graceMs / 1000} s were closed`);
      await threads?.close();
      await contentVersion?.close();
      await api?.close();
    },
  };
}

/** ANALYTICS_LISTENER_PRIORITY: idle (the default) or normal. */
function listenerPriorityFrom(value: string | undefined): "idle" | "normal" {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "idle") return "idle";
  if (v === "normal") return "normal";
  throw new Error(`ANALYTICS_LISTENER_PRIORITY must be idle or normal, not "${value}"`);
}

/** ANALYTICS_PORT: unset or empty → no analytics listener; 0 → any free port (tests); else a port number. */
function analyticsPortFrom(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`ANALYTICS_PORT must be a port number, not "${value}"`);
  return port;
}
