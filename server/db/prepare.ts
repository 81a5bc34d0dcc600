/**
 * The start-up's database step after opening it (server/db/open.ts): migrations, the sample posts, the
 * JWT secret and whatever else must happen once (`underLock`: the API's first administrator and
 * rate-limit table), all under the first-boot lock (first-boot.ts), so several servers starting at once
 * on one PostgreSQL do it one at a time and the later ones find it done.
 */
import { join } from "node:path";
import { openPglite, type Database } from "./database.ts";
import { isMigrated, loadJwtSecret, sharedJwtSecret, withFirstBootLock } from "./first-boot.ts";
import type { DirLock } from "./lock.ts";
import { migrate, seed } from "./migrate.ts";
import type { openDatabase } from "./open.ts";

type OpenedDatabase = Awaited<ReturnType<typeof openDatabase>>;

interface PreparedDatabase<T> {
  /** The database to serve with (with PGlite, reopened after migrations: see below). */
  db: Database;
  /** The data directory's lock (PGlite), released on close. */
  lock: DirLock | null;
  /** Whether this start found an empty database. */
  fresh: boolean;
  appliedMigrations: string[];
  seeded: boolean;
  jwtSecret: string;
  /** What `underLock` returned. */
  underLock: T;
}

export async function prepareDatabase<T>(
  opened: OpenedDatabase,
  opts: {
    dataDir: string;
    databaseUrl?: string;
    env: NodeJS.ProcessEnv;
    /** JWT_SECRET (or the option that overrides it), already checked. */
    jwtFromEnv?: string;
    /** More first-boot work, after the migrations and the seed, inside the same lock. */
    underLock(db: Database): Promise<T>;
  },
): Promise<PreparedDatabase<T>> {
  const { dataDir, env } = opts;
  const { lock, prepared } = opened;
  let { db, fresh } = opened;
  let appliedMigrations: string[] = prepared?.applied ?? [];
  let seeded = prepared?.seeded ?? false;
  try {
    const done = await withFirstBootLock(db, async () => {
      if (db.kind === "postgres") fresh = !(await isMigrated(db));
      const { applied } = await migrate(db);
      // A fresh PGlite cluster was seeded by the child process that created it (open.ts), unless SEED=0;
      // a PostgreSQL database only with SEED=1.
      const wantSeed = opts.databaseUrl ? env.SEED === "1" && fresh : fresh && !prepared && env.SEED !== "0";
      if (wantSeed) {
        await seed(db);
        seeded = true;
      }
      const underLock = await opts.underLock(db);
      const jwtSecret =
        db.kind === "postgres" ? await sharedJwtSecret(db, { fromEnv: opts.jwtFromEnv, dataDir }) : loadJwtSecret(dataDir, opts.jwtFromEnv);
      return { applied, underLock, jwtSecret };
    });
    if (!prepared) appliedMigrations = done.applied;
    // PGlite's WebAssembly heap only grows: running migrations on an existing cluster leaves it larger
    // than serving needs. Reopen the engine (data directory still locked) so the process serves with the
    // heap of an ordinary start (docs/serving.md).
    if (db.kind === "pglite" && done.applied.length > 0) {
      await db.close();
      db = await openPglite(join(dataDir, "pg"));
    }
    return { db, lock, fresh, appliedMigrations, seeded, jwtSecret: done.jwtSecret, underLock: done.underLock };
  } catch (e) {
    await db.close().catch(() => undefined);
    lock?.release();
    throw e;
  }
}

/** Logs what a damaged page reported by the engine means here, and warns when PostgreSQL cannot notice one. */
export async function watchForDamage(
  db: Database,
  log: { warn(msg: string): void; error(msg: string, extra?: object): void },
): Promise<void> {
  db.onDamage?.((e) =>
    log.error(
      db.kind === "pglite"
        ? "database: damaged data reported; reopening the embedded database (restore the last backup if it happens again, docs/backend.md)"
        : "database: damaged data reported; that connection is dropped (check the PostgreSQL server's disk and logs)",
      { code: (e as { code?: string }).code, error: e.message },
    ),
  );
  if (db.kind === "postgres") {
    const sums = await db.query<{ data_checksums: string }>("show data_checksums").catch(() => null);
    if (sums?.rows[0]?.data_checksums === "off") {
      log.warn(
        "database: PostgreSQL data checksums are off, so a damaged page can go unnoticed (rows lost without an error). Enable them (initdb --data-checksums, or pg_checksums --enable on a stopped cluster; docs/deploy.md)",
      );
    }
  }
}
