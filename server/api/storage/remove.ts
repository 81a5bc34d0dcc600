/** DELETE /storage/v1/object/:bucket {prefixes} (supabase-js remove()): the objects RLS lets the caller delete. */
import type { Request, Response } from "express";
import { withRole } from "../context.ts";
import { invalidTextAt, principal, readBody } from "../http.ts";
import { bucketOf, isValidObjectName, storageError, type StorageContext } from "./context.ts";

export async function remove(ctx: StorageContext, req: Request, res: Response) {
  const p = principal(req, ctx.jwtSecret, "storage");
  const bucketId = String(req.params.bucket);
  await bucketOf(ctx, bucketId);
  const buf = await readBody(req, 256 * 1024, () => storageError(413, "Payload too large", "The request body is too large"));
  let body: unknown;
  try {
    body = JSON.parse(buf.toString("utf8"));
  } catch {
    throw storageError(400, "InvalidRequest", "body must be JSON");
  }
  if (invalidTextAt(body) !== null)
    throw storageError(400, "InvalidRequest", "body/prefixes must not contain NUL characters or unpaired surrogates");
  const prefixes = (body as { prefixes?: unknown })?.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((x) => typeof x === "string")) {
    throw storageError(400, "InvalidRequest", "body/prefixes must be a non-empty array of at most 1000 strings");
  }
  const names = (prefixes as string[]).filter(isValidObjectName);
  const rows = names.length
    ? await withRole(ctx.db, p.role, p.claims, (tx) =>
        tx.query<Record<string, unknown>>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
           returning name, id, bucket_id, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata`,
          [bucketId, names],
        ),
      )
    : { rows: [] };
  res.status(200).json(
    rows.rows.map((r) => ({
      ...r,
      metadata: typeof r.metadata === "string" ? JSON.parse(r.metadata) : r.metadata,
      created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
      updated_at: r.updated_at instanceof Date ? r.updated_at.toISOString() : r.updated_at,
      last_accessed_at: r.last_accessed_at instanceof Date ? r.last_accessed_at.toISOString() : r.last_accessed_at,
    })),
  );
}
