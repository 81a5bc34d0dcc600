/**
 * `POST /embedded/v1/backup`: a consistent copy of the embedded database (server/db/backup.ts), for
 * `npm run backup` on the server's own machine (loopback only, with the service-role key).
 */
import { isIP } from "node:net";
import express, { type Request, type Response } from "express";
import { backupArchive } from "../db/backup.ts";
import type { Database } from "../db/database.ts";
import { HttpError, principal, send } from "./http.ts";

/** True for 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6). The socket address, never a header. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(a) === 4) return a.startsWith("127.");
  return a === "::1";
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
