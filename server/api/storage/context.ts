/** What every /storage/v1 endpoint shares: buckets, object names, Storage's errors and its wrapper. */
import type { Request, Response } from "express";
import type { Database } from "../../db/database.ts";
import { isPgError } from "../../db/database.ts";
import { HttpError, storageError } from "../http.ts";
import { RenderError, type ImageRenderer, type ImageRendererOptions } from "../image-render.ts";

export { storageError };

export interface StorageDeps {
  db: Database;
  jwtSecret: string;
  onError(e: unknown): void;
  /** Image transformation limits (default: from the environment, see image-render.ts). */
  images?: ImageRendererOptions;
  /** The API clock (object metadata's lastModified). */
  now?: () => Date;
}

export interface StorageContext {
  db: Database;
  jwtSecret: string;
  renderer: ImageRenderer;
  now(): Date;
  onError(e: unknown): void;
}

type StorageEndpoint = (ctx: StorageContext, req: Request, res: Response) => Promise<void>;

/** Hard ceiling for any upload, whatever a bucket says. */
export const MAX_UPLOAD = 50 * 1024 * 1024;

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

export function mimeList(v: Bucket["allowed_mime_types"]): string[] | null {
  if (v === null) return null;
  if (Array.isArray(v)) return v;
  return v
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}

export async function bucketOf(ctx: StorageContext, id: string): Promise<Bucket> {
  if (!isValidBucket(id)) throw storageError(400, "InvalidBucketName", `Invalid bucket name: ${id.slice(0, 63)}`);
  const r = await ctx.db.query<Bucket>("select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1", [id]);
  const b = r.rows[0];
  if (!b) throw storageError(404, "Bucket not found", "Bucket not found");
  return b;
}

export function objectName(req: Request): string {
  const raw = (req.params as Record<string, string | string[]>).path;
  const name = Array.isArray(raw) ? raw.join("/") : String(raw ?? "");
  if (!isValidObjectName(name)) throw storageError(400, "InvalidKey", `Invalid key: ${name.slice(0, 200)}`);
  return name;
}

/**
 * Storage's wrapper: an HttpError in Storage's shape (a gateway or JWT error in another shape is given
 * Storage's, which answers 403 for a token it does not accept), database errors as Storage maps them,
 * anything unexpected a logged 500.
 */
export function storageHandler(ctx: StorageContext, fn: StorageEndpoint) {
  return async (req: Request, res: Response) => {
    try {
      await fn(ctx, req, res);
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
        res.status(status).json({
          statusCode: String(status),
          error: status === 403 || status === 401 ? "Unauthorized" : "InvalidRequest",
          message: e.message,
        });
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
      ctx.onError(e);
      res.status(500).json({ statusCode: "500", error: "internal", message: "Internal Server Error" });
    }
  };
}
