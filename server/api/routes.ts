/**
 * The start-up's last step: the API's routes in the order a request meets them. The analytics beacon
 * first (the busiest route), then the request guard, the mail's newsletter links, CORS and the
 * credentials check, then /rest/v1, /auth/v1, /storage/v1, /functions/v1 and /embedded/v1/backup, and
 * last the error handler that answers anything thrown outside a handler in PostgREST's shape.
 */
import express from "express";
import type { Database } from "../db/database.ts";
import type { Jobs } from "../jobs/index.ts";
import type { Health } from "../ops/health.ts";
import { EVENT_PATH } from "../../src/lib/analytics/wire.ts";
import { authRouter } from "./auth/index.ts";
import { backupRouter } from "./backup.ts";
import { functionsRouter } from "./functions/index.ts";
import { HttpError, cors, pgrst, verifyCredentials } from "./http.ts";
import { rendererOptionsFromEnv } from "./image-render.ts";
import { requestGuard } from "./request-guard.ts";
import { restRouter } from "./rest/index.ts";
import type { SchemaCache } from "./schema-cache.ts";
import type { ApiSettings } from "./settings.ts";
import type { LimiterFactory } from "./shared-limits.ts";
import type { Logger } from "../ops/log.ts";
import { storageRouter } from "./storage/index.ts";

interface MountedRoutes {
  router: express.Router;
  /** The functions host, whose submit limiter the no-JavaScript form posts count with. */
  functions: ReturnType<typeof functionsRouter>;
}

export function mountRoutes(deps: {
  db: Database;
  cache: SchemaCache;
  settings: ApiSettings;
  jwtSecret: string;
  siteUrl: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  log: Logger;
  health: Health;
  limiters: LimiterFactory;
  jobs: Jobs;
  /** The API's clock. */
  now: () => Date;
  /** The clock as given (the functions host reads the system clock's time itself when there is none). */
  givenNow: (() => Date) | undefined;
  onError(e: unknown): void;
}): MountedRoutes {
  const { db, settings, jwtSecret, siteUrl, health, limiters, now, onError } = deps;
  const { mail, analytics } = deps.jobs;
  const router = express.Router();
  // The analytics beacon (server/analytics/collector.ts): first, it is the busiest route; 204 with no body.
  router.post(EVENT_PATH, analytics.collector.handler);
  router.use(requestGuard(deps.log));
  // Mail (server/mail): the newsletter links.
  router.use(mail.router);
  router.use(["/rest/v1", "/auth/v1", "/storage/v1", "/functions/v1"], cors);
  // API key and bearer token verified once per request, for `principal` (auth checks its own).
  router.use(["/rest/v1", "/storage/v1", "/functions/v1", "/embedded/v1"], verifyCredentials(jwtSecret, now));
  router.use("/rest/v1", restRouter({ db, cache: deps.cache, jwtSecret, onError }));
  router.use(
    "/auth/v1",
    authRouter({
      db,
      jwtSecret,
      siteUrl,
      jwtExpirySeconds: settings.jwtExpirySeconds,
      signInLimit: settings.signInLimit,
      signInAccountLimit: settings.signInAccountLimit,
      signInIpLimit: settings.signInIpLimit,
      refreshIpLimit: settings.refreshIpLimit,
      recoverIpLimit: settings.recoverIpLimit,
      recoverEmailLimit: settings.recoverEmailLimit,
      health,
      limiters,
      onMailQueued: () => mail.worker.wake(),
      onError,
      now,
    }),
  );
  router.use("/storage/v1", storageRouter({ db, jwtSecret, onError, images: rendererOptionsFromEnv(deps.env), now }));
  const functions = functionsRouter({
    db,
    jwtSecret,
    submitLimit: settings.submitLimit,
    inviteLimit: settings.inviteLimit,
    limiters,
    onMailQueued: () => mail.worker.wake(),
    now: deps.givenNow,
    onError,
    log: (m, e) => deps.log.info(m, e),
  });
  router.use("/functions/v1", functions);
  router.use("/embedded/v1/backup", backupRouter({ db, dataDir: deps.dataDir, jwtSecret, onError }));
  // Last resort for anything thrown outside the handlers (e.g. a malformed URL): PostgREST's shape.
  router.use(
    ["/rest/v1", "/auth/v1", "/storage/v1", "/functions/v1"],
    (err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (res.headersSent) return next(err);
      const status = (err as { status?: number }).status;
      if (err instanceof HttpError) return void res.status(err.status).json(err.body);
      if (typeof status === "number" && status >= 400 && status < 500) {
        return void res.status(status).json(pgrst(status, "PGRST000", (err as Error).message ?? "Bad request").body);
      }
      onError(err);
      res.status(500).json(pgrst(500, "PGRST000", "Internal server error").body);
    },
  );
  return { router, functions };
}
