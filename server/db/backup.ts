/**
 * Backups of the embedded database.
 *
 * A backup is a gzipped tar of a copy of the cluster directory (`pg/`) taken between two transactions:
 * the server's database queue holds every statement while PGlite checkpoints and the files are copied
 * (PGlite has no background writer, so nothing changes them meanwhile), then the copy is archived
 * while the site serves again. PGlite's own `dumpDataDir` does the same through its virtual file system
 * but held the queue for 2 to 5 s on a 40 MB cluster; the file copy holds it for tens of milliseconds.
 * While the server runs it alone may touch its files (it holds the data-directory lock), so the backup
 * command asks it over loopback (`POST /embedded/v1/backup` with the service-role key); when no server
 * runs, the command opens the directory itself under the same lock. Restoring unpacks the archive
 * beside the data, checks it like a start does (server/db/open.ts), and only then puts it in place.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { isIP } from "node:net";
import { join } from "node:path";
import express, { type Request, type Response } from "express";
import { HttpError, principal, send } from "../api/http.ts";
import type { Database } from "./database.ts";

/** True for 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6). The socket address, never a header. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(a) === 4) return a.startsWith("127.");
  return a === "::1";
}

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

export function backupRouter(deps: { db: Database; dataDir: string; jwtSecret: string; onError(e: unknown): void }): express.Router {
  const router = express.Router();
  router.post("/", async (req: Request, res: Response) => {
    try {
      if (!isLoopback(req.socket.remoteAddress)) {
        throw new HttpError(403, { code: "forbidden", message: "Backups are taken from the server's own machine only (loopback)." });
      }
      const p = principal(req, deps.jwtSecret, "rest");
      if (p.role !== "service_role") throw new HttpError(403, { code: "forbidden", message: "A backup needs the service-role key." });
      if (!deps.db.snapshotTo) {
        throw new HttpError(400, { code: "not_embedded", message: "This server uses DATABASE_URL: back it up with pg_dump." });
      }
      const dump = await backupArchive(deps.db, deps.dataDir);
      res.setHeader("Content-Type", "application/gzip");
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Length", String(dump.byteLength));
      res.end(Buffer.from(dump.buffer, dump.byteOffset, dump.byteLength));
    } catch (e) {
      if (e instanceof HttpError) return send(res, e);
      deps.onError(e);
      send(res, new HttpError(500, { code: "backup_failed", message: "The backup failed; see the server log." }));
    }
  });
  return router;
}
