/**
 * npm run backup [-- <file>]
 *   Writes a consistent backup of the embedded database (DATA_DIR, default .data) to <file>
 *   (default backups/wasla-<date>.tar.gz), mode 0600. While the server runs, the server takes it
 *   (between two transactions) and sends it over loopback: the command reaches it at
 *   BACKUP_URL, or http://127.0.0.1:$PORT (default 3000), with the service-role key derived from
 *   DATA_DIR/jwt-secret or JWT_SECRET. With no server running it opens the directory itself.
 *   With DATABASE_URL, use pg_dump instead.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { apiKeys } from "../api/jwt.ts";
import { loadJwtSecret } from "../db/first-boot.ts";
import { backupArchive } from "../db/backup.ts";
import { lockHolder } from "../db/lock.ts";
import { openDatabase } from "../db/open.ts";

function stamp(d = new Date()) {
  return d.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

async function fromServer(dataDir: string, pid: number): Promise<Uint8Array> {
  const port = process.env.PORT || "3000";
  const url = (process.env.BACKUP_URL || `http://127.0.0.1:${port}`).replace(/\/$/, "");
  const { serviceRoleKey } = apiKeys(loadJwtSecret(dataDir, process.env.JWT_SECRET));
  let res: Response;
  try {
    res = await fetch(`${url}/embedded/v1/backup`, {
      method: "POST",
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
    });
  } catch (e) {
    throw new Error(
      `The server (pid ${pid}) holds ${dataDir} but did not answer at ${url} (${(e as Error).message}). Set PORT or BACKUP_URL to where it listens.`,
    );
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(`The server at ${url} refused the backup: ${res.status} ${body.message ?? ""}`.trim());
  }
  return new Uint8Array(await res.arrayBuffer());
}

async function direct(dataDir: string): Promise<Uint8Array> {
  const { db, lock, fresh } = await openDatabase({ dataDir });
  try {
    if (fresh) throw new Error(`There is no database in ${dataDir} to back up.`);
    return await backupArchive(db, dataDir);
  } finally {
    await db.close();
    lock?.release();
  }
}

async function main() {
  if (process.env.DATABASE_URL) {
    console.error("DATABASE_URL is set: back up that PostgreSQL with pg_dump (npm run backup is for the embedded database).");
    process.exit(2);
  }
  const dataDir = resolve(process.env.DATA_DIR || ".data");
  const out = resolve(process.argv[2] || `backups/wasla-${stamp()}.tar.gz`);
  const pid = lockHolder(dataDir);
  const dump = pid ? await fromServer(dataDir, pid) : await direct(dataDir);
  if (dump.byteLength < 1024 || dump[0] !== 0x1f || dump[1] !== 0x8b)
    throw new Error("The backup is not a gzip archive; nothing was written.");
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.partial`;
  writeFileSync(tmp, dump, { mode: 0o600 });
  renameSync(tmp, out);
  console.log(
    `Backed up ${dataDir} (${pid ? `taken by the running server, pid ${pid}` : "no server running"}) to ${out} (${(dump.byteLength / 1024).toFixed(0)} KB).`,
  );
}

main().catch((e) => {
  console.error(`backup failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
