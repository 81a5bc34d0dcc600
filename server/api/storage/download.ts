/**
 * GET /storage/v1/object/public/:bucket/*path (a public bucket's object, to anyone) and
 * GET /storage/v1/object/authenticated/:bucket/*path (supabase-js download(): RLS decides), with
 * ETag/If-None-Match and headers that keep an object from running as a page.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { withRole } from "../context.ts";
import { principal, type Principal } from "../http.ts";
import { bucketOf, objectName, storageError, type StorageContext } from "./context.ts";

async function serveObject(ctx: StorageContext, req: Request, res: Response, bucketId: string, name: string, p: Principal | null) {
  const query = `select o.id, o.metadata, o.updated_at, d.data
     from storage.objects o join embedded.object_data d on d.object_id = o.id
     where o.bucket_id = $1 and o.name = $2`;
  let row: { metadata: Record<string, unknown> | string; updated_at: Date | string; data: Uint8Array } | undefined;
  if (p) {
    // Authenticated download: RLS on storage.objects decides, the bytes are read by the server.
    row = await withRole(ctx.db, p.role, p.claims, async (tx) => {
      const visible = await tx.query("select 1 from storage.objects where bucket_id = $1 and name = $2", [bucketId, name]);
      if (!visible.rows.length) return undefined;
      await tx.query("reset role");
      return (await tx.query<NonNullable<typeof row>>(query, [bucketId, name])).rows[0];
    });
  } else {
    row = (await ctx.db.query<NonNullable<typeof row>>(query, [bucketId, name])).rows[0];
  }
  if (!row) throw storageError(404, "not_found", "Object not found");
  const meta = (typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata) as Record<string, unknown>;
  const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
  const eTag = typeof meta.eTag === "string" ? meta.eTag : `"${createHash("md5").update(data).digest("hex")}"`;
  res.setHeader("Content-Type", typeof meta.mimetype === "string" ? meta.mimetype : "application/octet-stream");
  res.setHeader("Cache-Control", typeof meta.cacheControl === "string" ? meta.cacheControl : "max-age=3600");
  res.setHeader("ETag", eTag);
  res.setHeader("Last-Modified", new Date(row.updated_at).toUTCString());
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  if (req.headers["if-none-match"] === eTag) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Length", String(data.length));
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(data);
}

export async function publicDownload(ctx: StorageContext, req: Request, res: Response) {
  const bucketId = String(req.params.bucket);
  const bucket = await bucketOf(ctx, bucketId);
  if (!bucket.public) throw storageError(400, "not_found", "Object not found");
  await serveObject(ctx, req, res, bucketId, objectName(req), null);
}

export async function authenticatedDownload(ctx: StorageContext, req: Request, res: Response) {
  const p = principal(req, ctx.jwtSecret, "storage");
  const bucketId = String(req.params.bucket);
  await bucketOf(ctx, bucketId);
  await serveObject(ctx, req, res, bucketId, objectName(req), p);
}
