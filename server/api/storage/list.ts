/** POST /storage/v1/object/list/:bucket (supabase-js list()): one level of a bucket, as the caller (RLS). */
import type { Request, Response } from "express";
import { withRole } from "../context.ts";
import { invalidTextAt, principal, readBody } from "../http.ts";
import { bucketOf, storageError, type StorageContext } from "./context.ts";

export async function list(ctx: StorageContext, req: Request, res: Response) {
  const p = principal(req, ctx.jwtSecret, "storage");
  const bucketId = String(req.params.bucket);
  await bucketOf(ctx, bucketId);
  const buf = await readBody(req, 64 * 1024, () => storageError(413, "Payload too large", "The request body is too large"));
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(buf.toString("utf8") || "{}");
  } catch {
    throw storageError(400, "InvalidRequest", "body must be JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw storageError(400, "InvalidRequest", "body must be a JSON object");
  const badText = invalidTextAt(body);
  if (badText !== null) throw storageError(400, "InvalidRequest", `body/${badText} must not contain NUL characters or unpaired surrogates`);
  const prefix = typeof body.prefix === "string" ? body.prefix.replace(/^\/+|\/+$/g, "") : "";
  const limit = Math.floor(Math.min(1000, Math.max(1, Number(body.limit) || 100)));
  const offset = Math.floor(Math.min(2 ** 31 - 1, Math.max(0, Number(body.offset) || 0)));
  const search = typeof body.search === "string" ? body.search : "";
  const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const r = await withRole(ctx.db, p.role, p.claims, (tx) =>
    tx.query<Record<string, unknown>>(
      `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
       where bucket_id = $1 and name like $2 and position('/' in substr(name, $3)) = 0
       order by name limit $4 offset $5`,
      [bucketId, `${prefix ? `${like(prefix)}/` : ""}${like(search)}%`, prefix ? prefix.length + 2 : 1, limit, offset],
    ),
  );
  res.json(
    r.rows.map((o) => ({
      ...o,
      name: String(o.name).slice(prefix ? prefix.length + 1 : 0),
      metadata: typeof o.metadata === "string" ? JSON.parse(o.metadata) : o.metadata,
    })),
  );
}
