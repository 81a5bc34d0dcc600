import type { Request, Response } from "express";
import { negotiateFormat, parseRenderParams, variantEtag } from "../image-render.ts";
import { bucketOf, objectName, storageError, type StorageContext } from "./context.ts";

/**
 * Image transformation of a public object (hosted Supabase's `/render/image/public/...`). Only the
 * object's row is read first: a matching If-None-Match or a cached variant costs no read of its bytes.
 */
export async function renderPublic(ctx: StorageContext, req: Request, res: Response) {
  const bucketId = String(req.params.bucket);
  const bucket = await bucketOf(ctx, bucketId);
  if (!bucket.public) throw storageError(400, "not_found", "Object not found");
  const name = objectName(req);
  const params = parseRenderParams(req.query as Record<string, unknown>);
  const r = await ctx.db.query<{ id: string; metadata: Record<string, unknown> | string; updated_at: Date | string }>(
    "select id, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2",
    [bucketId, name],
  );
  const row = r.rows[0];
  if (!row) throw storageError(404, "not_found", "Object not found");
  const meta = (typeof row.metadata === "string" ? JSON.parse(row.metadata) : (row.metadata ?? {})) as Record<string, unknown>;
  const mime = typeof meta.mimetype === "string" ? meta.mimetype : "application/octet-stream";
  const format = negotiateFormat(mime, req.headers.accept, params);
  const sourceEtag = typeof meta.eTag === "string" ? meta.eTag : `${row.id}:${new Date(row.updated_at).getTime()}`;
  const etag = variantEtag(sourceEtag, params, format);
  const maxAge = /max-age=(\d{1,9})/.exec(typeof meta.cacheControl === "string" ? meta.cacheControl : "")?.[1] ?? "3600";
  res.setHeader("Cache-Control", `public, max-age=${maxAge}, stale-while-revalidate=86400`);
  if (params.format !== "origin") res.setHeader("Vary", "Accept");
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", new Date(row.updated_at).toUTCString());
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  const inm = req.headers["if-none-match"];
  if (typeof inm === "string" && inm.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
    res.status(304).end();
    return;
  }
  const key = `${bucketId}/${name}|${etag}`;
  const variant = await ctx.renderer.variant(key, etag, format, params, async () => {
    const d = await ctx.db.query<{ data: Uint8Array }>("select data from embedded.object_data where object_id = $1", [row.id]);
    const bytes = d.rows[0]?.data;
    if (!bytes) throw storageError(404, "not_found", "Object not found");
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  });
  res.setHeader("Content-Type", variant.contentType);
  res.setHeader("Content-Length", String(variant.data.length));
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(variant.data);
}
