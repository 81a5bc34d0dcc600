/**
 * npm run restore -- <backup file>
 *   Restores a backup made by `npm run backup` into DATA_DIR (default .data). Refuses while a server
 *   runs on that directory (stop it first). An existing database is never deleted: it is moved aside
 *   to DATA_DIR/pg.before-restore-<date>. The restored database is opened and checked (migrations
 *   table, leads, administrators) before the command reports success; on any failure the previous
 *   state is put back. The JWT secret is not part of a backup: tokens issued before stay valid only if
 *   DATA_DIR/jwt-secret (or JWT_SECRET) is the same.
 */
import { existsSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { DataDirLockedError, lockDataDir, lockHolder } from "../db/lock.ts";
import { openDatabase } from "../db/open.ts";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run restore -- <backup file>   (into DATA_DIR, default .data)");
    process.exit(2);
  }
  const dataDir = resolve(process.env.DATA_DIR || ".data");
  const bytes = readFileSync(resolve(file));
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(`${file} is not a backup made by npm run backup (not a gzip archive).`);
  const holder = lockHolder(dataDir);
  if (holder) throw new DataDirLockedError(dataDir, holder);

  const pgDir = join(dataDir, "pg");
  const lock = lockDataDir(dataDir); // no server can start on it while we restore
  let aside: string | null = null;
  try {
    if (existsSync(pgDir) && readdirSync(pgDir).length > 0) {
      aside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[-:.]/g, "").slice(0, 15)}`;
      renameSync(pgDir, aside);
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const pg = await PGlite.create({ dataDir: pgDir, loadDataDir: new Blob([bytes]) });
    await pg.close();
  } catch (e) {
    rmSync(pgDir, { recursive: true, force: true });
    if (aside) renameSync(aside, pgDir);
    lock.release();
    throw e;
  }
  lock.release();

  // Open it the way the server does (damage checks included) and report what it holds.
  try {
    const { db, lock: again } = await openDatabase({ dataDir });
    try {
      const r = await db.query<{ leads: number; admins: number; migrations: number }>(
        `select (select count(*)::int from public.form_submissions) as leads,
                (select count(*)::int from public.administrators) as admins,
                (select count(*)::int from supabase_migrations.schema_migrations) as migrations`,
      );
      const s = r.rows[0]!;
      console.log(
        `Restored ${file} into ${pgDir}: ${s.leads} leads, ${s.admins} administrators, ${s.migrations} migrations.` +
          (aside ? ` The previous database was moved to ${aside}.` : ""),
      );
    } finally {
      await db.close();
      again?.release();
    }
  } catch (e) {
    rmSync(pgDir, { recursive: true, force: true });
    if (aside) renameSync(aside, pgDir);
    throw new Error(`the restored database does not open (${e instanceof Error ? e.message : String(e)}); the previous state was put back`);
  }
}

main().catch((e) => {
  console.error(`restore failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
