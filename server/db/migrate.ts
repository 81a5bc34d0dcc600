/**
 * Bootstrap + migrations. Migrations are the files of supabase/migrations, applied once each in
 * name order and recorded in supabase_migrations.schema_migrations — the same table the Supabase CLI
 * uses, so a database migrated by `supabase db push` and by this server agree on what is applied.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, "../..");
export const MIGRATIONS_DIR = join(REPO_ROOT, "supabase/migrations");
export const SEED_FILE = join(REPO_ROOT, "supabase/seed.sql");
export const BOOTSTRAP_FILE = join(here, "bootstrap.sql");

export interface MigrationResult {
  applied: string[];
  bootstrapped: boolean;
}

/** True when the database is a real Supabase project (GoTrue has migrated it). */
async function isHostedSupabase(db: Database): Promise<boolean> {
  const r = await db.query<{ hosted: boolean }>(
    "select to_regclass('auth.schema_migrations') is not null as hosted",
  );
  return r.rows[0]?.hosted === true;
}

export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  let bootstrapped = false;
  if (!(await isHostedSupabase(db))) {
    await db.transaction(async (tx) => {
      // Serialise concurrent starters on a shared PostgreSQL.
      await tx.query("select pg_advisory_xact_lock(727274001)");
      await tx.exec(readFileSync(BOOTSTRAP_FILE, "utf8"));
    });
    bootstrapped = true;
  }
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    );
  `);
  const files = readdirSync(dir)
    .filter((f) => /^\d{14}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 14);
    const name = file.slice(15, -4);
    const sql = readFileSync(join(dir, file), "utf8");
    const done = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(727274002)");
      const seen = await tx.query("select 1 from supabase_migrations.schema_migrations where version = $1", [version]);
      if (seen.rows.length) return false;
      await tx.exec(sql);
      await tx.query(
        "insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)",
        [version, [sql], name],
      );
      return true;
    });
    if (done) applied.push(file);
  }
  return { applied, bootstrapped };
}

export async function seed(db: Database, file = SEED_FILE): Promise<void> {
  const sql = readFileSync(file, "utf8");
  await db.transaction((tx) => tx.exec(sql));
}
