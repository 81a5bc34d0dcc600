/**
 * Backups of the embedded database.
 *
 * A backup is PGlite's own data-directory dump (`dumpDataDir`, a gzipped tar of the cluster), taken
 * between two transactions: the server's database queue holds every other statement while it runs, so
 * the copy is the state after the last commit, and it is what PGlite itself uses to clone a database.
 * While the server runs it alone can read its files (it holds the data-directory lock), so the backup
 * command asks it over loopback (`POST /embedded/v1/backup` with the service-role key); when no server
 * runs the command opens the directory itself under the same lock. A restore opens the dump into a new
 * `pg` directory with PGlite's `loadDataDir` and checks it before it is used.
 */
import { isIP } from "node:net";
import express, { type Request, type Response } from "express";
import { HttpError, principal, send } from "../api/http.ts";
import type { Database } from "./database.ts";

/** True for 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6). The socket address, never a header. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(a) === 4) return a.startsWith("127.");
  return a === "::1";
}

export function backupRouter(deps: { db: Database; jwtSecret: string; onError(e: unknown): void }): express.Router {
  const router = express.Router();
  router.post("/", async (req: Request, res: Response) => {
    try {
      if (!isLoopback(req.socket.remoteAddress)) {
        throw new HttpError(403, { code: "forbidden", message: "Backups are taken from the server's own machine only (loopback)." });
      }
      const p = principal(req, deps.jwtSecret, "rest");
      if (p.role !== "service_role") throw new HttpError(403, { code: "forbidden", message: "A backup needs the service-role key." });
      if (!deps.db.dumpDataDir) {
        throw new HttpError(400, { code: "not_embedded", message: "This server uses DATABASE_URL: back it up with pg_dump." });
      }
      const dump = await deps.db.dumpDataDir();
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
