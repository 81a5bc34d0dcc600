/**
 * POST /api/demo/audio: where the demo's recordings go when no processing webhook is configured
 * (docs/product.md#demo; with AUDIO_WEBHOOK_URL set they go to that external workflow instead).
 * Multipart fields `audio` (the file), `timestamp` and `source_page`. Only audio is kept, judged by
 * the file's bytes rather than by its name or declared type. A recording is stored as an object of the
 * private `demo-recordings` bucket (its bytes in the database, like every storage object): every server
 * on one PostgreSQL sees it, backups include it, only owners and sales may read it (RLS), and the
 * retention job deletes it after AUDIO_RETENTION_DAYS (server/jobs/recording-retention.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import express, { type Request, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import { clientAddress } from "../api/client-address.ts";
import { MultipartError, memorySink, receiveMultipart } from "../api/multipart.ts";
import { parseRateLimit } from "../api/rate-limit.ts";
import { type LimiterFactory, memoryLimiters } from "../api/shared-limits.ts";
import { type Database, isPgError } from "../db/database.ts";
import type { Log } from "../ops/log.ts";

export const AUDIO_UPLOAD_PATH = "/api/demo/audio";
/** The private storage bucket recordings are kept in (supabase/migrations/20261127130000_demo_recordings_bucket.sql). */
export const RECORDINGS_BUCKET = "demo-recordings";
/** 25 MB: about 25 minutes of a 128 kbit/s MP3 call recording. */
export const DEFAULT_MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/** Extensions file-type reports for the audio the demo accepts (mp3, wav, aac, ogg, m4a, webm, flac; docs/product.md#demo). */
const AUDIO_EXTENSIONS = new Set(["mp3", "wav", "aac", "ogg", "oga", "opus", "m4a", "webm", "flac"]);
/** Enough of the file's head for file-type to recognise every format above. */
const SNIFF_BYTES = 4100;

export interface AudioUploadOptions {
  /** Where recordings are stored (null: the API is off; uploads are answered 503). */
  db: Database | null;
  log: Log;
  maxBytes?: number;
  /**
   * Uploads per client address (`AUDIO_UPLOAD_RATE_LIMIT`, default 10 per hour), and uploads in
   * progress at once for everyone (`AUDIO_UPLOAD_CONCURRENCY`, default 4). `env` defaults to process.env.
   */
  env?: Record<string, string | undefined>;
  /** Where the per-address limit counts (server/api/shared-limits.ts; default: in this process). */
  limiters?: LimiterFactory;
}

type ErrorCode = "invalid_request" | "missing_file" | "invalid_file_type" | "file_too_large" | "upload_failed" | "rate_limited" | "busy";

class UploadError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

const messages = {
  invalidType: "Invalid file type. Please upload an audio file (MP3, WAV, AAC, OGG, M4A, FLAC, or WebM).",
  tooLarge: (max: number) => `The file is larger than ${Math.round(max / (1024 * 1024))} MB.`,
};

export function audioUploadRouter({ db, log, maxBytes = DEFAULT_MAX_AUDIO_BYTES, env = process.env, limiters }: AudioUploadOptions) {
  const router = express.Router();
  const rule = parseRateLimit(env.AUDIO_UPLOAD_RATE_LIMIT, { limit: 10, windowSeconds: 3600 });
  const perAddress = rule ? (limiters ?? memoryLimiters)("audio", rule) : null;
  const concurrency = Number(env.AUDIO_UPLOAD_CONCURRENCY ?? 4);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("AUDIO_UPLOAD_CONCURRENCY must be a whole number of at least 1");
  let inProgress = 0;

  router.post(AUDIO_UPLOAD_PATH, async (req: Request, res: Response) => {
    let counted = false;
    try {
      if (!db) throw new UploadError(503, "busy", "Recordings cannot be stored on this server.", { "Retry-After": "60" });
      const slot = await perAddress?.take(clientAddress(req));
      if (slot && !slot.ok) {
        throw new UploadError(429, "rate_limited", "Too many recordings from this address, please try again later.", {
          "Retry-After": String(slot.retryAfter),
        });
      }
      if (inProgress >= concurrency) {
        slot?.release();
        throw new UploadError(503, "busy", "Too many recordings are being received right now, please try again in a moment.", {
          "Retry-After": "5",
        });
      }
      inProgress++;
      counted = true;
      const saved = await receive(req, db, maxBytes);
      log.info("demo audio stored", { bucket: RECORDINGS_BUCKET, file: saved.file, bytes: saved.bytes, type: saved.mime });
      res.status(201).json({ ok: true, file: saved.file, bytes: saved.bytes, type: saved.mime });
    } catch (e) {
      // Stop reading a body we are refusing: close the connection after the answer.
      if (!req.complete) res.setHeader("Connection", "close");
      if (e instanceof UploadError) {
        for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
        if (!res.headersSent) res.status(e.status).json({ error: e.code, message: e.message });
        return;
      }
      log.error("demo audio upload failed", { error: String((e as Error)?.stack ?? e) });
      if (!res.headersSent) res.status(500).json({ error: "upload_failed", message: "The recording could not be stored." });
    } finally {
      if (counted) inProgress--;
    }
  });
  router.all(AUDIO_UPLOAD_PATH, (_req, res) => {
    res.setHeader("Allow", "POST");
    res.status(405).json({ error: "method_not_allowed", message: "Use POST." });
  });
  return router;
}

interface Saved {
  file: string;
  bytes: number;
  mime: string;
}

async function receive(req: Request, db: Database, maxBytes: number): Promise<Saved> {
  if (!req.is("multipart/form-data")) throw new UploadError(415, "invalid_request", "Send multipart/form-data with an `audio` file.");
  const declared = Number(req.headers["content-length"] ?? 0);
  // Multipart framing adds a little; anything far above the limit is refused before reading it.
  if (declared > maxBytes + 64 * 1024) throw new UploadError(413, "file_too_large", messages.tooLarge(maxBytes));

  const mem = memorySink();
  let received;
  try {
    received = await receiveMultipart(req, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 2048, parts: 12 },
      acceptFile: (name) => name === "audio",
      open: () => mem.sink,
      headBytes: SNIFF_BYTES,
      fields: ["timestamp", "source_page"],
    });
  } catch (e) {
    if (e instanceof MultipartError && e.kind === "aborted")
      throw new UploadError(400, "invalid_request", "The upload ended before it was complete.");
    throw new UploadError(
      400,
      "invalid_request",
      `Malformed multipart body${e instanceof Error ? `: ${e.message.replace(/^Malformed multipart body:?\s*/, "")}` : ""}.`,
    );
  }
  const { fields, file: f } = received;
  if (!f || f.bytes === 0) throw new UploadError(400, "missing_file", "No audio file was sent (field `audio`).");
  if (f.truncated) throw new UploadError(413, "file_too_large", messages.tooLarge(maxBytes));
  const type = await fileTypeFromBuffer(f.head);
  if (!type || !(AUDIO_EXTENSIONS.has(type.ext) || type.mime === "audio/mp4")) {
    throw new UploadError(415, "invalid_file_type", messages.invalidType);
  }
  const receivedAt = new Date();
  const file = `${receivedAt.toISOString().slice(0, 10)}/${receivedAt.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.${type.ext}`;
  try {
    await storeRecording(db, {
      name: file,
      data: mem.data(),
      mime: type.mime,
      receivedAt,
      details: {
        originalName: f.filename.slice(0, 255),
        timestamp: fields.timestamp?.slice(0, 64) ?? null,
        sourcePage: fields.source_page?.slice(0, 512) ?? null,
      },
    });
  } catch (e) {
    // The database is out of space (53100) or the like: this upload is not stored; later ones may be.
    if (isPgError(e) && (e.code === "53100" || e.code === "53200")) {
      throw new UploadError(507, "upload_failed", "The recording could not be stored right now, please try again later.");
    }
    throw e;
  }
  return { file, bytes: f.bytes, mime: type.mime };
}

interface Recording {
  name: string;
  data: Buffer;
  mime: string;
  receivedAt: Date;
  /** The upload's own fields (user_metadata): the file's name as sent, the form's timestamp and page. */
  details: Record<string, unknown>;
}

/**
 * Writes one recording as an object of the private bucket: its row and bytes in one transaction, as the
 * server (no API role: nobody may write this bucket through the API). An existing name is left as it is
 * (the start-up migration of old files runs again after a crash).
 */
export async function storeRecording(db: Database, r: Recording): Promise<boolean> {
  const metadata = {
    eTag: `"${createHash("md5").update(r.data).digest("hex")}"`,
    size: r.data.length,
    mimetype: r.mime,
    cacheControl: "no-store",
    lastModified: r.receivedAt.toISOString(),
    contentLength: r.data.length,
    httpStatusCode: 200,
  };
  return db.transaction(async (tx) => {
    const row = await tx.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, metadata, user_metadata, version, created_at, updated_at)
       values ($1, $2, $3, $4, gen_random_uuid()::text, $5, $5)
       on conflict (bucket_id, name) do nothing
       returning id`,
      [RECORDINGS_BUCKET, r.name, JSON.stringify(metadata), JSON.stringify(r.details), r.receivedAt.toISOString()],
    );
    const id = row.rows[0]?.id;
    if (!id) return false;
    await tx.query("insert into embedded.object_data (object_id, data) values ($1, $2)", [id, r.data]);
    return true;
  });
}
