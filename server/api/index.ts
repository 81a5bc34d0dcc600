/**
 * The embedded Supabase-compatible API: /rest/v1, /auth/v1, /storage/v1, /functions/v1 over PGlite
 * (default, in `<dataDir>/pg`) or any PostgreSQL (DATABASE_URL).
 *
 * `createApi` is the start-up sequence, one named step each, in the folder that owns it:
 *
 * 1. `checkSettings` (settings.ts): the environment, before anything is opened;
 * 2. `openDatabase` (server/db/open.ts): PGlite under the data directory's lock, or a PostgreSQL pool;
 * 3. `prepareDatabase` (server/db/prepare.ts): migrations, sample posts, the first administrator and
 *    the JWT secret, under the first-boot lock;
 * 4. `loadSchemaCache` (schema-cache.ts): what REST needs to know about the tables;
 * 5. `watchForDamage` (server/db/prepare.ts) and `createHealth` (server/ops/health.ts): readiness;
 * 6. `startJobs` (server/jobs): mail, the image clean-up, recording retention, analytics;
 * 7. `mountRoutes` (routes.ts): rest, auth, storage, functions, backup.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type express from "express";
import type { Database } from "../db/database.ts";
import { openDatabase } from "../db/open.ts";
import { prepareDatabase, watchForDamage } from "../db/prepare.ts";
import { type Jobs, startJobs } from "../jobs/index.ts";
import { type Health, createHealth } from "../ops/health.ts";
import type { Logger } from "../ops/log.ts";
import { apiFirstBoot } from "./first-boot.ts";
import { apiKeys } from "./jwt.ts";
import { mountRoutes } from "./routes.ts";
import { loadSchemaCache } from "./schema-cache.ts";
import { checkSettings } from "./settings.ts";
import { type LimiterFactory, limitersFor } from "./shared-limits.ts";

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
  mail: Jobs["mail"];
  /** Where the rate limits count: the database with PostgreSQL, this process with PGlite (shared-limits.ts). */
  limiters: LimiterFactory;
  /** Readiness of this node (server/ops/health.ts): /readyz, /auth/v1/health. */
  health: Health;
  /** The unused-image clean-up (server/jobs/image-cleanup.ts). */
  imageCleanup: Jobs["imageCleanup"];
  /** Deletes demo recordings after AUDIO_RETENTION_DAYS (server/jobs/recording-retention.ts). */
  recordingRetention: Jobs["recordingRetention"];
  /** The analytics beacon's endpoint and write buffer, and its roll-up / retention / report job (server/analytics). */
  analytics: Jobs["analytics"];
  /** What happened at start, for logs and tests. */
  startup: { freshDatabase: boolean; appliedMigrations: string[]; seeded: boolean; adminCreated: string | null };
  close(): Promise<void>;
}

const consoleLog: Logger = {
  info: (m, e) => console.log(m, e ?? ""),
  warn: (m, e) => console.warn(m, e ?? ""),
  error: (m, e) => console.error(m, e ?? ""),
};

export async function createApi(options: CreateApiOptions): Promise<Api> {
  const env = options.env ?? process.env;
  const log = options.log ?? consoleLog;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const now = options.now ?? (() => new Date());
  const onError = (e: unknown) => log.error("api: unexpected error", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });

  const settings = await checkSettings(env, options.jwtSecret);
  // A fresh PGlite cluster is created, migrated and seeded in a child process that then ends (server/db/open.ts).
  const opened = await openDatabase({ dataDir, databaseUrl: options.databaseUrl, env, prepareFresh: { seed: env.SEED !== "0" } });
  const database = await prepareDatabase(opened, {
    dataDir,
    databaseUrl: options.databaseUrl,
    env,
    jwtFromEnv: settings.jwtFromEnv,
    underLock: (db) => apiFirstBoot(db, env, log),
  });
  const { db, lock, jwtSecret } = database;
  const { anonKey, serviceRoleKey } = apiKeys(jwtSecret);
  log.info("api: database ready", {
    database: db.kind === "pglite" ? `PGlite in ${join(dataDir, "pg")}` : "PostgreSQL (DATABASE_URL)",
    fresh: database.fresh,
    migrationsApplied: database.appliedMigrations,
    seeded: database.seeded,
  });
  const cache = await loadSchemaCache(db);
  await watchForDamage(db, log);
  const health = createHealth({ db, timeoutMs: settings.readyTimeoutMs, damageHoldMs: settings.damageHoldMs });
  const jobs = await startJobs({ db, env, log, dataDir, siteUrl: options.siteUrl, secret: jwtSecret, now: options.now });
  // Several servers may share a PostgreSQL: count the limits there, once per cluster (shared-limits.ts).
  const limits = limitersFor(db, onError);
  const { router, functions } = mountRoutes({
    db,
    cache,
    settings,
    jwtSecret,
    siteUrl: options.siteUrl,
    dataDir,
    env,
    log,
    health,
    limiters: limits.factory,
    jobs,
    now,
    givenNow: options.now,
    onError,
  });

  let closed = false;
  return {
    router,
    submitRateLimit: async (key: string) => (functions.submitLimiter ? await functions.submitLimiter.hit(key) : { ok: true as const }),
    anonKey,
    serviceRoleKey,
    jwtSecret,
    db,
    mail: jobs.mail,
    health,
    limiters: limits.factory,
    imageCleanup: jobs.imageCleanup,
    recordingRetention: jobs.recordingRetention,
    analytics: jobs.analytics,
    startup: {
      freshDatabase: database.fresh,
      appliedMigrations: database.appliedMigrations,
      seeded: database.seeded,
      adminCreated: database.underLock.adminCreated,
    },
    async close() {
      if (closed) return;
      closed = true;
      limits.stop();
      await jobs.stop();
      await db.close();
      lock?.release();
    },
  };
}
