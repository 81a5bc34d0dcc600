/**
 * POST and PUT /storage/v1/object/:bucket/*path (supabase-js upload() and update()): multipart or raw,
 * x-upsert, the bucket's size and type limits (the type read from the bytes). The row is written as
 * the caller (RLS decides) and the bytes in the same transaction.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import { withRole } from "../context.ts";
import { principal, readBody, type Principal } from "../http.ts";
import { MultipartError, memorySink, receiveMultipart } from "../multipart.ts";
import { MAX_UPLOAD, bucketOf, mimeList, objectName, storageError, type StorageContext } from "./context.ts";

/** Reads the upload: multipart (file in any field, `cacheControl` field) or the raw body. */
async function readUpload(req: Request, limit: number): Promise<{ data: Buffer; cacheControl: string | null; declared: string | null }> {
  const tooLarge = () => storageError(413, "Payload too large", "The object exceeded the maximum allowed size");
  const ct = String(req.headers["content-type"] ?? "");
  if (/^multipart\/form-data/i.test(ct)) {
    const mem = memorySink();
    let received;
    try {
      received = await receiveMultipart(req, {
        limits: { fileSize: limit, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
        acceptFile: () => true,
        open: () => mem.sink,
        fields: ["cacheControl"],
      });
    } catch (e) {
      if (e instanceof MultipartError && e.kind === "write") throw e;
      throw storageError(
        400,
        "InvalidRequest",
        e instanceof MultipartError && e.kind === "aborted" ? "The request body ended before it was complete" : "Malformed multipart body",
      );
    }
    const { file, fields } = received;
    if (!file) throw storageError(400, "InvalidRequest", "No file in the request");
    if (file.truncated) throw tooLarge();
    return { data: mem.data(), cacheControl: fields.cacheControl ?? null, declared: file.mimeType };
  }
  const data = await readBody(req, limit, tooLarge);
  const cc = req.headers["cache-control"];
  return { data, cacheControl: typeof cc === "string" ? cc : null, declared: ct || null };
}

export function normalizeCacheControl(v: string | null): string {
  if (!v) return "max-age=3600";
  if (/^\d{1,9}$/.test(v)) return `max-age=${v}`;
  if (/^[\w\-=, ]{1,100}$/.test(v)) return v;
  return "max-age=3600";
}

export async function upload(ctx: StorageContext, req: Request, res: Response) {
  const p: Principal = principal(req, ctx.jwtSecret, "storage");
  const bucketId = String(req.params.bucket);
  const bucket = await bucketOf(ctx, bucketId);
  const name = objectName(req);
  const limit = Math.min(MAX_UPLOAD, bucket.file_size_limit ? Number(bucket.file_size_limit) : MAX_UPLOAD);
  const { data, cacheControl, declared } = await readUpload(req, limit);
  if (data.length === 0) throw storageError(400, "InvalidRequest", "The file is empty");
  if (data.length > limit) throw storageError(413, "Payload too large", "The object exceeded the maximum allowed size");
  const detected = await fileTypeFromBuffer(data);
  const allowed = mimeList(bucket.allowed_mime_types);
  const mime = detected?.mime ?? null;
  if (allowed && (!mime || !allowed.includes(mime))) {
    const claimed = declared && /^[\w.+-]+\/[\w.+-]+/.exec(declared)?.[0];
    throw storageError(415, "invalid_mime_type", `mime type ${mime ?? claimed ?? "unknown"} is not supported`);
  }
  const upsert = String(req.headers["x-upsert"] ?? "").toLowerCase() === "true" || req.method === "PUT";
  const eTag = `"${createHash("md5").update(data).digest("hex")}"`;
  const metadata = {
    eTag,
    size: data.length,
    mimetype: mime ?? "application/octet-stream",
    cacheControl: normalizeCacheControl(cacheControl),
    lastModified: ctx.now().toISOString(),
    contentLength: data.length,
    httpStatusCode: 200,
  };
  const owner = p.role === "authenticated" && typeof p.claims.sub === "string" ? p.claims.sub : null;
  const id = await withRole(ctx.db, p.role, p.claims, async (tx) => {
    let r;
    if (req.method === "PUT") {
      r = await tx.query<{ id: string }>(
        `update storage.objects set metadata = $3, updated_at = now(), owner = coalesce($4::uuid, owner), owner_id = coalesce($4::text, owner_id)
         where bucket_id = $1 and name = $2 returning id`,
        [bucketId, name, JSON.stringify(metadata), owner],
      );
      if (!r.rows.length) throw storageError(404, "not_found", "Object not found");
    } else {
      r = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3::uuid, $3::text, $4, gen_random_uuid()::text)
         ${upsert ? "on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now(), owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version" : ""}
         returning id`,
        [bucketId, name, owner, JSON.stringify(metadata)],
      );
    }
    const objectId = r.rows[0]!.id;
    // The bytes are written by the server itself, after RLS has allowed the row.
    await tx.query("reset role");
    await tx.query(
      `insert into embedded.object_data (object_id, data) values ($1, $2)
       on conflict (object_id) do update set data = excluded.data`,
      [objectId, data],
    );
    return objectId;
  });
  res.status(200).json({ Id: id, Key: `${bucketId}/${name}` });
}
