/**
 * Backups of the embedded database.
 *
 * A backup is a gzipped tar of a copy of the cluster directory (`pg/`) taken between two transactions:
 * the server's database queue holds every statement while PGlite checkpoints and the files are copied
 * (PGlite has no background writer, so nothing changes them meanwhile), then the copy is archived
 * while the site serves again. PGlite's own `dumpDataDir` does the same through its virtual file system
 * but held the queue for 2 to 5 s on a 40 MB cluster; the file copy holds it for tens of milliseconds.
 * While the server runs it alone may touch its files (it holds the data-directory lock), so the backup
 * command asks it over loopback (`POST /embedded/v1/backup` with the service-role key, answered by
 * server/api/backup.ts); when no server runs, the command opens the directory itself under the same
 * lock. Restoring unpacks the archive beside the data, checks it like a start does (server/db/open.ts), and only then puts it in place.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "./database.ts";

/** Runs tar, returning its stdout. */
export function tar(args: string[]): Promise<Buffer> {
  return new Promise((resolveTar, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolveTar(Buffer.concat(out)) : reject(new Error(`tar ${args[0]} failed: ${err.trim() || `exit ${code}`}`)),
    );
  });
}

/** A consistent tar.gz of the database (entries under `pg/`), taken while it keeps serving. */
export async function backupArchive(db: Database, dataDir: string): Promise<Buffer> {
  if (!db.snapshotTo) throw new Error("only the embedded database can be backed up this way; use pg_dump for DATABASE_URL");
  const work = mkdtempSync(join(dataDir, ".backup-"));
  try {
    await db.snapshotTo(join(work, "pg"));
    return await tar(["-czf", "-", "-C", work, "pg"]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
