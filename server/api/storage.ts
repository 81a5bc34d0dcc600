/**
 * /storage/v1: upload (multipart or raw, x-upsert), public download, authenticated download and
 * remove. Authorization is Row Level Security on storage.objects: the row is written in the same
 * transaction, as the request's role, as the bytes (kept in embedded.object_data, so a row and its
 * bytes are committed or rolled back together and deleting the row deletes the bytes).
 */
import { createHash } from "node:crypto";
import express, { type Request, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "../db/database.ts";
import { isPgError } from "../db/database.ts";
import { withRole } from "./context.ts";
import { ImageRenderer, RenderError, negotiateFormat, parseRenderParams, rendererOptionsFromEnv, variantEtag, type ImageRendererOptions } from "./image-render.ts";
import { HttpError, invalidTextAt, principal, readBody, type Principal } from "./http.ts";
import { MultipartError, memorySink, receiveMultipart } from "./multipart.ts";

const storageError = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  new HttpError(status, { statusCode: String(status), error, message }, headers);

/** Hard ceiling for any upload, whatever a bucket says. */
const MAX_UPLOAD = 50 * 1024 * 1024;

/**
 * Object names: Supabase Storage's allowed characters, non-empty segments, no `.`/`..` segments, no
 * leading slash, no control characters, at most 1024 bytes.
 */
export function isValidObjectName(name: string): boolean {
  if (!name || Buffer.byteLength(name) > 1024) return false;
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === "\\") return false;
  }
  if (name.startsWith("/") || name.endsWith("/")) return false;
  if (!/^[\p{L}\p{N}\p{M}_/!\-.*'() &$@=;:+,?]+$/u.test(name)) return false;
  return name.split("/").every((seg) => seg !== "" && seg !== "." && seg !== ".." && seg.trim() === seg);
}

const isValidBucket = (b: string) => /^[a-z0-9][a-z0-9_.-]{0,62}$/.test(b);

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | string | null;
}

function mimeList(v: Bucket["allowed_mime_types"]): string[] | null {
  if (v === null) return null;
  if (Array.isArray(v)) return v;
  return v.replace(/^\{|\}$/g, "").split(",").filter(Boolean);
}

export interface StorageDeps {
  db: Database;
  jwtSecret: string;
  onError(e: unknown): void;
  /** Image transformation limits (default: from the environment, see image-render.ts). */
  images?: ImageRendererOptions;
}

export function storageRouter(deps: StorageDeps) {
  const { db, jwtSecret } = deps;
  const router = express.Router();
  const renderer = new ImageRenderer(deps.images ?? rendererOptionsFromEnv(process.env));

  const handle =
    (fn: (req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response) => {
      try {
        await fn(req, res);
      } catch (e) {
        if (!req.readableEnded) req.resume();
        if (e instanceof RenderError) {
          for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
          res.status(e.status).json({ statusCode: String(e.status), error: e.error, message: e.message });
          return;
        }
        if (e instanceof HttpError) {
          for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
          const body = e.body as Record<string, unknown>;
          if ("statusCode" in body) {
            res.status(e.status).json(body);
            return;
          }
          // Gateway / JWT / ended-session errors come in other shapes; give them Storage's (which
          // answers 403 for a token it does not accept).
          const status = e.status === 401 && (body as { code?: unknown }).code === "PGRST301" ? 403 : e.status;
          res.status(status).json({ statusCode: String(status), error: status === 403 || status === 401 ? "Unauthorized" : "InvalidRequest", message: e.message });
          return;
        }
        if (isPgError(e)) {
          if (e.code === "42501") {
            res.status(403).json({ statusCode: "403", error: "Unauthorized", message: "new row violates row-level security policy" });
            return;
          }
          if (e.code === "23505") {
            res.status(409).json({ statusCode: "409", error: "Duplicate", message: "The resource already exists" });
            return;
          }
          // Invalid input that reached the database (data exceptions, class 22): the caller's fault.
          if (e.code!.startsWith("22")) {
            res.status(400).json({ statusCode: "400", error: "InvalidRequest", message: e.message });
            return;
          }
        }
        deps.onError(e);
        res.status(500).json({ statusCode: "500", error: "internal", message: "Internal Server Error" });
      }
    };

  async function bucketOf(id: string): Promise<Bucket> {
    if (!isValidBucket(id)) throw storageError(400, "InvalidBucketName", `Invalid bucket name: ${id.slice(0, 63)}`);
    const r = await db.query<Bucket>("select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1", [id]);
    const b = r.rows[0];
    if (!b) throw storageError(404, "Bucket not found", "Bucket not found");
    return b;
  }

  function objectName(req: Request): string {
    const raw = (req.params as Record<string, string | string[]>).path;
    const name = Array.isArray(raw) ? raw.join("/") : String(raw ?? "");
    if (!isValidObjectName(name)) throw storageError(400, "InvalidKey", `Invalid key: ${name.slice(0, 200)}`);
    return name;
  }

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
        throw storageError(400, "InvalidRequest", e instanceof MultipartError && e.kind === "aborted" ? "The request body ended before it was complete" : "Malformed multipart body");
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

  function normalizeCacheControl(v: string | null): string {
    if (!v) return "max-age=3600";
    if (/^\d{1,9}$/.test(v)) return `max-age=${v}`;
    if (/^[\w\-=, ]{1,100}$/.test(v)) return v;
    return "max-age=3600";
  }

  router.post(
    "/object/list/:bucket",
    handle(async (req, res) => {
      const p = principal(req, jwtSecret, "storage");
      const bucketId = String(req.params.bucket);
      await bucketOf(bucketId);
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
      const r = await withRole(db, p.role, p.claims, (tx) =>
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
    }),
  );

  const upload = handle(async (req, res) => {
    const p: Principal = principal(req, jwtSecret, "storage");
    const bucketId = String(req.params.bucket);
    const bucket = await bucketOf(bucketId);
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
      lastModified: new Date().toISOString(),
      contentLength: data.length,
      httpStatusCode: 200,
    };
    const owner = p.role === "authenticated" && typeof p.claims.sub === "string" ? p.claims.sub : null;
    const id = await withRole(db, p.role, p.claims, async (tx) => {
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
  });
  router.post("/object/:bucket/*path", upload);
  router.put("/object/:bucket/*path", upload);

  async function serveObject(req: Request, res: Response, bucketId: string, name: string, p: Principal | null) {
    const query = `select o.id, o.metadata, o.updated_at, d.data
       from storage.objects o join embedded.object_data d on d.object_id = o.id
       where o.bucket_id = $1 and o.name = $2`;
    let row: { metadata: Record<string, unknown> | string; updated_at: Date | string; data: Uint8Array } | undefined;
    if (p) {
      // Authenticated download: RLS on storage.objects decides, the bytes are read by the server.
      row = await withRole(db, p.role, p.claims, async (tx) => {
        const visible = await tx.query("select 1 from storage.objects where bucket_id = $1 and name = $2", [bucketId, name]);
        if (!visible.rows.length) return undefined;
        await tx.query("reset role");
        return (await tx.query<NonNullable<typeof row>>(query, [bucketId, name])).rows[0];
      });
    } else {
      row = (await db.query<NonNullable<typeof row>>(query, [bucketId, name])).rows[0];
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

  const publicGet = handle(async (req, res) => {
    const bucketId = String(req.params.bucket);
    const bucket = await bucketOf(bucketId);
    if (!bucket.public) throw storageError(400, "not_found", "Object not found");
    await serveObject(req, res, bucketId, objectName(req), null);
  });
  router.get("/object/public/:bucket/*path", publicGet);
  router.head("/object/public/:bucket/*path", publicGet);

  /**
   * Image transformation of a public object (hosted Supabase's `/render/image/public/...`). Only the
   * object's row is read first: a matching If-None-Match or a cached variant costs no read of its bytes.
   */
  const renderPublic = handle(async (req, res) => {
    const bucketId = String(req.params.bucket);
    const bucket = await bucketOf(bucketId);
    if (!bucket.public) throw storageError(400, "not_found", "Object not found");
    const name = objectName(req);
    const params = parseRenderParams(req.query as Record<string, unknown>);
    const r = await db.query<{ id: string; metadata: Record<string, unknown> | string; updated_at: Date | string }>(
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
    const variant = await renderer.variant(key, etag, format, params, async () => {
      const d = await db.query<{ data: Uint8Array }>("select data from embedded.object_data where object_id = $1", [row.id]);
      const bytes = d.rows[0]?.data;
      if (!bytes) throw storageError(404, "not_found", "Object not found");
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
    res.setHeader("Content-Type", variant.contentType);
    res.setHeader("Content-Length", String(variant.data.length));
    res.status(200);
    if (req.method === "HEAD") res.end();
    else res.end(variant.data);
  });
  router.get("/render/image/public/:bucket/*path", renderPublic);
  router.head("/render/image/public/:bucket/*path", renderPublic);

  const privateGet = handle(async (req, res) => {
    const p = principal(req, jwtSecret, "storage");
    const bucketId = String(req.params.bucket);
    await bucketOf(bucketId);
    await serveObject(req, res, bucketId, objectName(req), p);
  });
  router.get("/object/authenticated/:bucket/*path", privateGet);
  router.get("/object/:bucket/*path", privateGet);

  router.delete(
    "/object/:bucket",
    handle(async (req, res) => {
      const p = principal(req, jwtSecret, "storage");
      const bucketId = String(req.params.bucket);
      await bucketOf(bucketId);
      const buf = await readBody(req, 256 * 1024, () => storageError(413, "Payload too large", "The request body is too large"));
      let body: unknown;
      try {
        body = JSON.parse(buf.toString("utf8"));
      } catch {
        throw storageError(400, "InvalidRequest", "body must be JSON");
      }
      if (invalidTextAt(body) !== null) throw storageError(400, "InvalidRequest", "body/prefixes must not contain NUL characters or unpaired surrogates");
      const prefixes = (body as { prefixes?: unknown })?.prefixes;
      if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((x) => typeof x === "string")) {
        throw storageError(400, "InvalidRequest", "body/prefixes must be a non-empty array of at most 1000 strings");
      }
      const names = (prefixes as string[]).filter(isValidObjectName);
      const rows = names.length
        ? await withRole(db, p.role, p.claims, (tx) =>
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
    }),
  );

  router.use((req, res) => {
    req.resume();
    res.status(404).json({ statusCode: "404", error: "not_found", message: "Route not found" });
  });

  return router;
}
