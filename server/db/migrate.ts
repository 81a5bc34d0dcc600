/**
 * Bootstrap + migrations. Migrations are the files of supabase/migrations, applied once each in
 * name order and recorded in supabase_migrations.schema_migrations — the same table the Supabase CLI
 * uses, so a database migrated by `supabase db push` and by this server agree on what is applied.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, "../..");
const MIGRATIONS_DIR = join(REPO_ROOT, "supabase/migrations");
const SEED_FILE = join(REPO_ROOT, "supabase/seed.sql");
const BOOTSTRAP_FILE = join(here, "bootstrap.sql");

interface MigrationResult {
  applied: string[];
  bootstrapped: boolean;
}

/** True when the database is a real Supabase project (GoTrue has migrated it). */
async function isHostedSupabase(db: Database): Promise<boolean> {
  const r = await db.query<{ hosted: boolean }>("select to_regclass('auth.schema_migrations') is not null as hosted");
  return r.rows[0]?.hosted === true;
}

export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  let bootstrapped = false;
  if (!(await isHostedSupabase(db))) {
    // The bootstrap is idempotent, but it is skipped when this exact version already ran.
    const sql = readFileSync(BOOTSTRAP_FILE, "utf8");
    const digest = createHash("sha256").update(sql).digest("hex");
    const has = await db.query<{ done: boolean }>(
      `select to_regclass('embedded.meta') is not null
          and exists (select 1 from pg_roles where rolname = 'service_role') as done`,
    );
    let current = false;
    if (has.rows[0]?.done) {
      const r = await db.query<{ value: string }>("select value from embedded.meta where key = 'bootstrap'");
      current = r.rows[0]?.value === digest;
    }
    if (!current) {
      await db.transaction(async (tx) => {
        // Serialise concurrent starters on a shared PostgreSQL.
        await tx.query("select pg_advisory_xact_lock(727274001)");
        await tx.exec(sql);
        await tx.exec("create table if not exists embedded.meta (key text primary key, value text not null)");
        await tx.query(
          "insert into embedded.meta (key, value) values ('bootstrap', $1) on conflict (key) do update set value = excluded.value",
          [digest],
        );
      });
    }
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
  const done = new Set(
    (await db.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).rows.map((r) => r.version),
  );
  const files = readdirSync(dir)
    .filter((f) => /^\d{14}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 14);
    if (done.has(version)) continue;
    const name = file.slice(15, -4);
    const sql = readFileSync(join(dir, file), "utf8");
    const ran = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(727274002)");
      const seen = await tx.query("select 1 from supabase_migrations.schema_migrations where version = $1", [version]);
      if (seen.rows.length) return false; // another server applied it meanwhile
      await tx.exec(sql);
      await tx.query("insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)", [
        version,
        [sql],
        name,
      ]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return { applied, bootstrapped };
}

export async function seed(db: Database, file = SEED_FILE): Promise<void> {
  const sql = readFileSync(file, "utf8");
  await db.transaction((tx) => tx.exec(sql));
}
