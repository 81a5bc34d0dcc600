/**
 * Opens the server's database: PGlite in `<dataDir>/pg` (locked for this process) or PostgreSQL from
 * DATABASE_URL. It never creates a database over existing files: a data directory that holds a
 * database the server cannot read stops the start with one sentence naming what is wrong and what to do
 * (DamagedDataDirError), instead of an empty site with a new administrator.
 */
import { fork } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openPglite, openPostgres, type Database } from "./database.ts";
import { isMigrated } from "./first-boot.ts";
import { lockDataDir, type DirLock } from "./lock.ts";

class DamagedDataDirError extends Error {
  constructor(what: string, dir: string) {
    super(
      `The data directory ${dir} is damaged: ${what}. ` +
        `Restore it from a backup (npm run restore -- <backup file>) or move it aside to start with an empty database; ` +
        `the server does not create a new database over existing files.`,
    );
    this.name = "DamagedDataDirError";
  }
}

/** Files PostgreSQL cannot open a cluster without. */
const REQUIRED = ["PG_VERSION", "global/pg_control", "base", "pg_wal"];

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
}

/**
 * "fresh" when there is no cluster yet (no pg directory, or an empty one); "existing" when it looks
 * whole; throws DamagedDataDirError otherwise.
 */
export function inspectPgDir(pgDir: string): "fresh" | "existing" {
  if (existsSync(pgDir) && !statSync(pgDir).isDirectory()) throw new DamagedDataDirError("pg is a file, not a directory", pgDir);
  const found = entries(pgDir);
  if (found.length === 0) return "fresh";
  for (const f of REQUIRED) {
    if (!existsSync(join(pgDir, f))) {
      throw new DamagedDataDirError(`${f} is missing although the directory holds ${found.length} other entries`, pgDir);
    }
  }
  const version = readFileSync(join(pgDir, "PG_VERSION"), "utf8").trim();
  if (!/^\d{2}$/.test(version))
    throw new DamagedDataDirError(`PG_VERSION reads "${version.slice(0, 20)}" instead of a PostgreSQL major version`, pgDir);
  if (statSync(join(pgDir, "global/pg_control")).size === 0) throw new DamagedDataDirError("global/pg_control is empty", pgDir);
  return "existing";
}

/**
 * On a shared PostgreSQL: true when it holds the record of this site's migrations, false when it is a database
 * to migrate from scratch. The site's own tables without that record stop the start. Another server may be
 * migrating the same empty database at this very moment; it creates the record before any of the site's
 * tables (server/db/migrate.ts), so tables seen after a first look found no record mean that the record
 * exists now: look again before refusing. (A CI rehearsal on 28 November refused a worker of the two-node
 * cluster test that way, at load average 12.)
 */
export async function migrationsRecorded(db: Pick<Database, "query">): Promise<boolean> {
  if (await isMigrated(db)) return true;
  const r = await db.query<{ ours: boolean }>(
    "select to_regclass('public.administrators') is not null or to_regclass('public.form_submissions') is not null as ours",
  );
  if (!r.rows[0]?.ours) return false;
  if (await isMigrated(db)) return true;
  throw new Error(
    "The database at DATABASE_URL holds the site's tables but not supabase_migrations.schema_migrations, so the server cannot tell which migrations it has. Restore that table from a backup, or point DATABASE_URL at an empty database.",
  );
}

interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * PGlite only: create and migrate (and seed, when asked) a fresh cluster in a short-lived child
   * process before opening it here, so that the memory that takes is returned when that process ends
   * (server/db/prepare-fresh.ts, docs/serving.md).
   */
  prepareFresh?: { seed: boolean };
}

interface Prepared {
  applied: string[];
  seeded: boolean;
}

/** Runs server/db/prepare-fresh.ts on `pgDir` in a child process and waits for it to end. */
function prepareInChild(pgDir: string, seed: boolean): Promise<Prepared> {
  return new Promise((resolvePrepared, reject) => {
    let result: Prepared | null = null;
    const child = fork(fileURLToPath(new URL("./prepare-fresh.ts", import.meta.url)), [pgDir, seed ? "1" : "0"], {
      // The server's own flags (its loader, --liftoff-only); Node ≥ 22.18 strips the types without a loader.
      execArgv: process.execArgv,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.on("message", (m: Prepared) => (result = m));
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      result && code === 0 ? resolvePrepared(result) : reject(new Error(`creating the database failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

export async function openDatabase(
  opts: OpenOptions,
): Promise<{ db: Database; lock: DirLock | null; fresh: boolean; prepared: Prepared | null }> {
  const env = opts.env ?? process.env;
  if (opts.databaseUrl) {
    const size = env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined;
    if (size !== undefined && (!Number.isInteger(size) || size < 3 || size > 500)) {
      throw new Error("DATABASE_POOL_SIZE must be a whole number between 3 and 500");
    }
    const wait = env.DATABASE_ACQUIRE_TIMEOUT_MS ? Number(env.DATABASE_ACQUIRE_TIMEOUT_MS) : undefined;
    if (wait !== undefined && (!Number.isInteger(wait) || wait < 1 || wait > 120_000)) {
      throw new Error("DATABASE_ACQUIRE_TIMEOUT_MS must be a whole number of milliseconds between 1 and 120000");
    }
    const db = await openPostgres(opts.databaseUrl, { max: size, acquireTimeoutMs: wait });
    try {
      // The site's own tables without the record of its migrations: not a database to migrate blindly.
      const migrated = await migrationsRecorded(db);
      return { db, lock: null, fresh: !migrated, prepared: null };
    } catch (e) {
      await db.close().catch(() => undefined);
      throw e;
    }
  }
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    // Work directories of a backup or restore that was interrupted: ours, and unused while we hold the lock.
    for (const f of entries(dataDir)) if (/^\.(backup|restore)-/.test(f)) rmSync(join(dataDir, f), { recursive: true, force: true });
    const pgDir = join(dataDir, "pg");
    const fresh = inspectPgDir(pgDir) === "fresh";
    const prepared = fresh && opts.prepareFresh ? await prepareInChild(pgDir, opts.prepareFresh.seed) : null;
    let db: Database;
    try {
      db = await openPglite(pgDir);
    } catch (e) {
      if (fresh) throw e;
      const why = e instanceof Error ? e.message.split("\n")[0]!.slice(0, 200) : String(e);
      throw new DamagedDataDirError(`PGlite could not open it (${why || "no reason given"})`, pgDir);
    }
    if (!fresh && !(await isMigrated(db).catch(() => false))) {
      await db.close().catch(() => undefined);
      throw new DamagedDataDirError(
        "it holds a PostgreSQL cluster without the table of applied migrations (supabase_migrations.schema_migrations)",
        pgDir,
      );
    }
    return { db, lock, fresh, prepared };
  } catch (e) {
    lock.release();
    throw e;
  }
}
