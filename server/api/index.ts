/**
 * The embedded Supabase-compatible API: /rest/v1, /auth/v1, /storage/v1, /functions/v1 over PGlite
 * (default, in `<dataDir>/pg`) or any PostgreSQL (DATABASE_URL).
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import express from "express";
import { openPglite, type Database } from "../db/database.ts";
import { backupRouter } from "../db/backup.ts";
import { openDatabase } from "../db/open.ts";
import { migrate, seed } from "../db/migrate.ts";
import { isMigrated, sharedJwtSecret, withFirstBootLock } from "../db/first-boot.ts";
import { type LimiterFactory, databaseLimiters, memoryLimiters, prepareLimitTable } from "./shared-limits.ts";
import { authRouter } from "./auth/index.ts";
import { functionsRouter } from "./functions/index.ts";
import { HttpError, cors, pgrst, verifyCredentials } from "./http.ts";
import { apiKeys, loadJwtSecret } from "./jwt.ts";
import { parseRateLimit } from "./rate-limit.ts";
import { requestGuard } from "./request-guard.ts";
import { restRouter } from "./rest/index.ts";
import { SchemaCache } from "./schema-cache.ts";
import { storageRouter } from "./storage/index.ts";
import { rendererOptionsFromEnv } from "./image-render.ts";
import { cleanupScheduleFromEnv, startImageCleanup, type ImageCleanupJob } from "./image-cleanup.ts";
import type { Mail } from "../mail/index.ts";
import { type RecordingRetentionJob, importRecordingFiles, recordingRetentionDays, startRecordingRetention } from "../audio/retention.ts";
import { type Health, createHealth } from "../ops/health.ts";
import { passwordProblem } from "./password-policy.ts";
import { ensureUser, generatePassword } from "./users.ts";
import { type Collector, startCollector } from "../analytics/collector.ts";
import { type AnalyticsJobs, startAnalyticsJobs } from "../analytics/jobs.ts";
import { EVENT_PATH } from "../../src/lib/analytics/wire.ts";

export interface Logger {
  info(msg: string, extra?: object): void;
  warn(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
}

export interface CreateApiOptions {
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  /** The public origin of the site, e.g. http://127.0.0.1:3000 (used as the JWT issuer). */
  siteUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: Logger;
  /**
   * The API's clock (tests move it): access-token times and checks, rate-limit windows, bans, the
   * form and booking rules, the image clean-up. Default: the system clock. What SQL compares with
   * now() (e.g. the refresh-token reuse interval) follows the database's clock.
   */
  now?: () => Date;
}

export interface Api {
  router: express.Router;
  /** Counts one form submission from `key` (a client address) against submit-form's limit. */
  submitRateLimit(key: string): Promise<{ ok: true } | { ok: false; retryAfter: number }>;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Database;
  /** The mail worker (server/mail). */
  mail: Mail;
  /** Where the rate limits count: the database with PostgreSQL, this process with PGlite (shared-limits.ts). */
  limiters: LimiterFactory;
  /** Readiness of this node (server/ops/health.ts): /readyz, /auth/v1/health. */
  health: Health;
  /** The unused-image clean-up (image-cleanup.ts). */
  imageCleanup: ImageCleanupJob;
  /** Deletes demo recordings after AUDIO_RETENTION_DAYS (server/audio/retention.ts). */
  recordingRetention: RecordingRetentionJob;
  /** The analytics beacon's endpoint and write buffer, and its roll-up / retention / report job (server/analytics). */
  analytics: { collector: Collector; jobs: AnalyticsJobs };
  /** What happened at start, for logs and tests. */
  startup: { freshDatabase: boolean; appliedMigrations: string[]; seeded: boolean; adminCreated: string | null };
  close(): Promise<void>;
}

const consoleLog: Logger = {
  info: (m, e) => console.log(m, e ?? ""),
  warn: (m, e) => console.warn(m, e ?? ""),
  error: (m, e) => console.error(m, e ?? ""),
};

export { openDatabase } from "../db/open.ts";

export async function createApi(options: CreateApiOptions): Promise<Api> {
  const env = options.env ?? process.env;
  const log = options.log ?? consoleLog;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });

  const submitRule = parseRateLimit(env.SUBMIT_RATE_LIMIT, { limit: 10, windowSeconds: 60 });
  const signInRule = parseRateLimit(env.AUTH_SIGNIN_RATE_LIMIT, { limit: 5, windowSeconds: 900 }) ?? { limit: 1e9, windowSeconds: 1 };
  const signInIpRule = parseRateLimit(env.AUTH_SIGNIN_IP_RATE_LIMIT, { limit: 30, windowSeconds: 900 }) ?? { limit: 1e9, windowSeconds: 1 };
  const signInAccountRule = parseRateLimit(env.AUTH_SIGNIN_ACCOUNT_RATE_LIMIT, { limit: 10, windowSeconds: 900 }) ?? {
    limit: 1e9,
    windowSeconds: 1,
  };
  const refreshIpRule = parseRateLimit(env.AUTH_REFRESH_RATE_LIMIT, { limit: 150, windowSeconds: 300 }) ?? { limit: 1e9, windowSeconds: 1 };
  const recoverIpRule = parseRateLimit(env.AUTH_RECOVER_IP_RATE_LIMIT, { limit: 10, windowSeconds: 3600 }) ?? {
    limit: 1e9,
    windowSeconds: 1,
  };
  const recoverEmailRule = parseRateLimit(env.AUTH_RECOVER_EMAIL_RATE_LIMIT, { limit: 3, windowSeconds: 3600 }) ?? {
    limit: 1e9,
    windowSeconds: 1,
  };
  const inviteRule = parseRateLimit(env.TEAM_INVITE_RATE_LIMIT, { limit: 30, windowSeconds: 3600 }) ?? { limit: 1e9, windowSeconds: 1 };
  const jwtExpiry = env.JWT_EXPIRY ? Number(env.JWT_EXPIRY) : 3600;
  if (!Number.isInteger(jwtExpiry) || jwtExpiry < 1 || jwtExpiry > 604800) {
    throw new Error("JWT_EXPIRY must be a whole number of seconds between 1 and 604800");
  }

  // Settings are checked before the database is opened, so a bad one fails at once.
  const jwtFromEnv = options.jwtSecret ?? env.JWT_SECRET;
  if (jwtFromEnv && jwtFromEnv.length < 32) throw new Error("JWT_SECRET must be at least 32 characters long");
  if (env.ADMIN_PASSWORD) {
    const problem = await passwordProblem(env.ADMIN_PASSWORD);
    if (problem) throw new Error(`ADMIN_PASSWORD is not accepted: ${problem}`);
  }

  // A fresh PGlite cluster is created, migrated and seeded in a child process that then ends (server/db/open.ts).
  const opened = await openDatabase({ dataDir, databaseUrl: options.databaseUrl, env, prepareFresh: { seed: env.SEED !== "0" } });
  const { lock, prepared } = opened;
  let fresh = opened.fresh;
  let db = opened.db;
  let adminCreated: string | null = null;
  let appliedMigrations: string[] = prepared?.applied ?? [];
  let seeded = prepared?.seeded ?? false;
  let jwtSecret = "";
  try {
    // Several servers starting at once on one PostgreSQL: one at a time, and the later ones find the
    // work done (server/db/first-boot.ts). With PGlite the data directory's lock already did that.
    const { applied } = await withFirstBootLock(db, async () => {
      if (db.kind === "postgres") fresh = !(await isMigrated(db));
      const migrated = await migrate(db);
      const wantSeed = options.databaseUrl ? env.SEED === "1" && fresh : fresh && !prepared && env.SEED !== "0";
      if (wantSeed) {
        await seed(db);
        seeded = true;
      }
      adminCreated = await ensureFirstAdmin(db, env, log);
      jwtSecret = db.kind === "postgres" ? await sharedJwtSecret(db, { fromEnv: jwtFromEnv, dataDir }) : loadJwtSecret(dataDir, jwtFromEnv);
      if (db.kind === "postgres") await prepareLimitTable(db);
      return migrated;
    });
    if (!prepared) appliedMigrations = applied;
    // PGlite's WebAssembly heap only grows: running migrations on an existing cluster leaves it larger
    // than serving needs. Reopen the engine (data directory still locked) so the process serves with the
    // heap of an ordinary start (docs/serving.md).
    if (db.kind === "pglite" && applied.length > 0) {
      await db.close();
      db = await openPglite(join(dataDir, "pg"));
    }
  } catch (e) {
    await db.close().catch(() => undefined);
    lock?.release();
    throw e;
  }

  const { anonKey, serviceRoleKey } = apiKeys(jwtSecret);
  log.info("api: database ready", {
    database: db.kind === "pglite" ? `PGlite in ${join(dataDir, "pg")}` : "PostgreSQL (DATABASE_URL)",
    fresh,
    migrationsApplied: appliedMigrations,
    seeded,
  });

  const cache = new SchemaCache(db);
  await cache.load();
  const onError = (e: unknown) => log.error("api: unexpected error", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });

  const now = options.now ?? (() => new Date());
  const cleanupSchedule = cleanupScheduleFromEnv(env);
  const imageCleanup = startImageCleanup(db, cleanupSchedule, log, options.now);
  // Recordings an older version wrote to this node's disk move into the database, then the retention
  // job runs once now and with the clean-up jobs after that.
  await importRecordingFiles(db, options.dataDir, log);
  const recordingRetention = startRecordingRetention(db, {
    days: recordingRetentionDays(env),
    intervalMs: cleanupSchedule.intervalMs,
    log,
    now: options.now,
  });
  void recordingRetention.run();
  const readyTimeout = env.READY_TIMEOUT_MS ? Number(env.READY_TIMEOUT_MS) : 1000;
  if (!Number.isInteger(readyTimeout) || readyTimeout < 50 || readyTimeout > 60_000) {
    throw new Error("READY_TIMEOUT_MS must be a whole number of milliseconds between 50 and 60000");
  }
  const damageHold = env.READY_DAMAGE_HOLD_MS ? Number(env.READY_DAMAGE_HOLD_MS) : 15_000;
  if (!Number.isInteger(damageHold) || damageHold < 0 || damageHold > 3_600_000) {
    throw new Error("READY_DAMAGE_HOLD_MS must be a whole number of milliseconds between 0 and 3600000");
  }
  db.onDamage?.((e) =>
    log.error(
      db.kind === "pglite"
        ? "database: damaged data reported; reopening the embedded database (restore the last backup if it happens again, docs/backend.md)"
        : "database: damaged data reported; that connection is dropped (check the PostgreSQL server's disk and logs)",
      { code: (e as { code?: string }).code, error: e.message },
    ),
  );
  const health = createHealth({ db, timeoutMs: readyTimeout, damageHoldMs: damageHold });
  if (db.kind === "postgres") {
    const sums = await db.query<{ data_checksums: string }>("show data_checksums").catch(() => null);
    if (sums?.rows[0]?.data_checksums === "off") {
      log.warn(
        "database: PostgreSQL data checksums are off, so a damaged page can go unnoticed (rows lost without an error). Enable them (initdb --data-checksums, or pg_checksums --enable on a stopped cluster; docs/deploy.md)",
      );
    }
  }
  // Several servers may share a PostgreSQL: count the limits there, once per cluster (shared-limits.ts).
  const shared = db.kind === "postgres" ? databaseLimiters(db, { onError }) : null;
  const limiters = shared?.factory ?? memoryLimiters;
  const router = express.Router();
  // The analytics beacon (server/analytics/collector.ts): first, it is the busiest route; 204 with no body.
  const collector = startCollector({ db, site: options.siteUrl, env, log, now: options.now });
  router.post(EVENT_PATH, collector.handler);
  router.use(requestGuard(log));
  // Mail (server/mail): the outbox worker, the newsletter links, and a nudge after each submission.
  const mail = (await import("../mail/index.ts")).startMail({
    db,
    env,
    log,
    siteUrl: options.siteUrl,
    secret: jwtSecret,
    now: options.now,
  });
  router.use(mail.router);
  const analyticsJobs = startAnalyticsJobs({ db, collector, env, log, now: options.now, onMailQueued: () => mail.worker.wake() });
  router.use("/functions/v1/submit-form", (_req, res, next) => void (res.on("finish", () => mail.worker.wake()), next()));
  router.use(["/rest/v1", "/auth/v1", "/storage/v1", "/functions/v1"], cors);
  // API key and bearer token verified once per request, for `principal` (auth checks its own).
  router.use(["/rest/v1", "/storage/v1", "/functions/v1", "/embedded/v1"], verifyCredentials(jwtSecret, now));
  router.use("/rest/v1", restRouter({ db, cache, jwtSecret, onError }));
  router.use(
    "/auth/v1",
    authRouter({
      db,
      jwtSecret,
      siteUrl: options.siteUrl,
      jwtExpirySeconds: jwtExpiry,
      signInLimit: signInRule,
      signInAccountLimit: signInAccountRule,
      signInIpLimit: signInIpRule,
      refreshIpLimit: refreshIpRule,
      recoverIpLimit: recoverIpRule,
      recoverEmailLimit: recoverEmailRule,
      health,
      limiters,
      onMailQueued: () => mail.worker.wake(),
      onError,
      now,
    }),
  );
  router.use("/storage/v1", storageRouter({ db, jwtSecret, onError, images: rendererOptionsFromEnv(env), now }));
  const functions = functionsRouter({
    db,
    jwtSecret,
    submitLimit: submitRule,
    inviteLimit: inviteRule,
    limiters,
    onMailQueued: () => mail.worker.wake(),
    now: options.now,
    onError,
    log: (m, e) => log.info(m, e),
  });
  router.use("/functions/v1", functions);
  router.use("/embedded/v1/backup", backupRouter({ db, dataDir, jwtSecret, onError }));
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

  let closed = false;
  return {
    router,
    submitRateLimit: async (key: string) => (functions.submitLimiter ? await functions.submitLimiter.hit(key) : { ok: true as const }),
    anonKey,
    serviceRoleKey,
    jwtSecret,
    db,
    mail,
    health,
    limiters,
    imageCleanup,
    recordingRetention,
    analytics: { collector, jobs: analyticsJobs },
    startup: { freshDatabase: fresh, appliedMigrations, seeded, adminCreated },
    async close() {
      if (closed) return;
      closed = true;
      shared?.stop();
      // Events still in memory are written before the database closes.
      await analyticsJobs.stop();
      await collector.stop();
      await mail.stop();
      await imageCleanup.stop();
      await recordingRetention.stop();
      await db.close();
      lock?.release();
    },
  };
}

/**
 * The first administrator: from ADMIN_EMAIL / ADMIN_PASSWORD when there is none yet; without a
 * password, a strong one is generated and printed once (it is never stored in clear anywhere).
 */
async function ensureFirstAdmin(db: Database, env: NodeJS.ProcessEnv, log: Logger): Promise<string | null> {
  const r = await db.query<{ n: number }>("select count(*)::int as n from public.administrators");
  if ((r.rows[0]?.n ?? 0) > 0) return null;
  const email = (env.ADMIN_EMAIL ?? "").trim() || "admin@localhost.localdomain";
  const given = env.ADMIN_PASSWORD ?? "";
  const password = given || generatePassword();
  const result = await db.transaction((tx) => ensureUser(tx, email, password, { admin: true, resetPassword: true }));
  if (given) {
    log.info(`Administrator ${result.email} is ready (password from ADMIN_PASSWORD).`);
  } else {
    const banner = [
      "",
      "==================================================================",
      " First administrator created. This password is shown only once:",
      `   email:    ${result.email}`,
      `   password: ${password}`,
      " Sign in at /admin/login and keep it somewhere safe. To add or reset",
      " an administrator later: npm run admin:create -- <email>",
      "==================================================================",
      "",
    ].join("\n");
    log.warn(banner);
  }
  return result.email;
}
