/**
 * npm run restore -- <backup file>
 *   Restores a backup made by `npm run backup` into DATA_DIR (default .data). Refuses while a server
 *   runs on that directory (stop it first). The archive is unpacked beside the data and checked as a
 *   start would check it before it is put in place. An existing database is never deleted: it is moved
 *   aside to DATA_DIR/pg.before-restore-<date>. The restored database is opened and its leads,
 *   administrators and migrations counted before the command reports success; on any failure the
 *   previous state is put back. The JWT secret is not part of a backup: sessions and keys stay valid
 *   only if DATA_DIR/jwt-secret (or JWT_SECRET) is the same.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { tar } from "../db/backup.ts";
import { DataDirLockedError, lockDataDir, lockHolder } from "../db/lock.ts";
import { inspectPgDir, openDatabase } from "../db/open.ts";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run restore -- <backup file>   (into DATA_DIR, default .data)");
    process.exit(2);
  }
  const archive = resolve(file);
  const head = readFileSync(archive).subarray(0, 2);
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new Error(`${file} is not a backup made by npm run backup (not a gzip archive).`);
  const entries = (await tar(["-tzf", archive])).toString("utf8").split("\n").filter(Boolean);
  if (!entries.length || entries.some((e) => !/^pg(\/|$)/.test(e) || e.split("/").includes(".."))) {
    throw new Error(`${file} is not a backup made by npm run backup (its entries are not all under pg/).`);
  }

  const dataDir = resolve(process.env.DATA_DIR || ".data");
  mkdirSync(dataDir, { recursive: true });
  const holder = lockHolder(dataDir);
  if (holder) throw new DataDirLockedError(dataDir, holder);
  const lock = lockDataDir(dataDir); // no server can start on it while we restore
  const pgDir = join(dataDir, "pg");
  const work = mkdtempSync(join(dataDir, ".restore-"));
  let aside: string | null = null;
  try {
    await tar(["-xzf", archive, "-C", work]);
    inspectPgDir(join(work, "pg")); // throws DamagedDataDirError for an incomplete cluster
    if (existsSync(pgDir) && readdirSync(pgDir).length > 0) {
      aside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[-:.]/g, "").slice(0, 15)}`;
      renameSync(pgDir, aside);
    } else {
      rmSync(pgDir, { recursive: true, force: true });
    }
    renameSync(join(work, "pg"), pgDir);
  } catch (e) {
    if (aside) {
      rmSync(pgDir, { recursive: true, force: true });
      renameSync(aside, pgDir);
    }
    rmSync(work, { recursive: true, force: true });
    lock.release();
    throw e;
  }
  rmSync(work, { recursive: true, force: true });
  lock.release();

  // Open it the way the server does (damage checks included) and report what it holds.
  try {
    const { db, lock: again } = await openDatabase({ dataDir });
    try {
      const r = await db.query<{ leads: number; submissions: number; admins: number; migrations: number }>(
        `select (select count(*)::int from public.leads) as leads,
                (select count(*)::int from public.form_submissions) as submissions,
                (select count(*)::int from public.administrators) as admins,
                (select count(*)::int from supabase_migrations.schema_migrations) as migrations`,
      );
      const s = r.rows[0]!;
      console.log(
        `Restored ${file} into ${pgDir}: ${s.leads} leads (${s.submissions} submissions), ${s.admins} administrators, ${s.migrations} migrations.` +
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
