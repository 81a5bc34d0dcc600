/**
 * The one Node server: the Supabase-compatible API, the built client assets and the server-rendered
 * pages, on one origin and port.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { ServerContext } from "../src/app/load-context.ts";
import { siteConfigFromEnv } from "../src/lib/site-config.ts";
import { type Log, log as defaultLog } from "./log.ts";

export interface AppOptions {
  env?: Record<string, string | undefined>;
  log?: Log;
  /** The React Router server build, or a loader for it (dev). Omit to serve the API only. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of built client assets (build/client). */
  clientDir?: string;
  /** Extra middleware mounted before the pages (the Vite dev server in development). */
  before?: RequestHandler[];
}

export interface RunningApp {
  app: Express;
  url: string;
  port: number;
  close(): Promise<void>;
}

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Permissions-Policy", "camera=(), geolocation=(), payment=()");
  next();
};

export async function startServer(options: AppOptions = {}): Promise<RunningApp> {
  const env = options.env ?? process.env;
  const log = options.log ?? defaultLog;
  const host = env.HOST || "127.0.0.1";
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR || ".data");

  // API=off serves the pages alone (their data calls then fail and the pages degrade gracefully).
  const api = env.API === "off" ? null : await (await import("./api/index.ts")).createApi({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    siteUrl: env.PUBLIC_URL ?? `http://${host}:${port}`,
    env,
    log,
  });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(securityHeaders);
  app.use(compression());
  if (api) app.use(api.router);
  app.use((await import("./audio/upload.ts")).audioUploadRouter({ dataDir, log }));
  for (const mw of options.before ?? []) app.use(mw);

  if (options.clientDir && existsSync(options.clientDir)) {
    // Hashed files never change: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  let listeningPort = port;
  const hostedSupabase = env.VITE_SUPABASE_URL || null;
  const serverContext = (): ServerContext => ({
    supabaseUrl: hostedSupabase ?? `http://127.0.0.1:${listeningPort}`,
    publicSupabaseUrl: hostedSupabase,
    anonKey: env.VITE_SUPABASE_ANON_KEY || api?.anonKey || "",
    publicUrl: siteConfigFromEnv(env).publicUrl,
    env,
  });

  if (options.build) {
    app.use((await import("./canonical-path.ts")).canonicalPathRedirect);
    app.all(
      "/{*splat}",
      createRequestHandler({
        build: options.build,
        mode: env.NODE_ENV === "production" ? "production" : "development",
        getLoadContext: () => ({ server: serverContext() }),
      }),
    );
  }

  app.use(((err, _req, res, _next) => {
    log.error("unhandled error", { error: String(err?.stack ?? err) });
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  }) as express.ErrorRequestHandler);

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  listeningPort = (server.address() as AddressInfo).port;
  const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  const url = `http://${shownHost}:${listeningPort}`;

  return {
    app,
    url,
    port: listeningPort,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await api?.close();
    },
  };
}
