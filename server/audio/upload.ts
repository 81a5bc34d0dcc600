/**
 * POST /api/demo/audio: where the demo's recordings go when no processing webhook is configured
 * (docs/product.md#demo; with AUDIO_WEBHOOK_URL set they go to that external workflow instead).
 * Multipart fields `audio` (the file), `timestamp` and `source_page`. Only audio is kept, judged by
 * the file's bytes rather than by its name or declared type; files are written to `<dataDir>/audio/`
 * with a JSON sidecar of the fields.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import express, { type Request, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import { clientAddress } from "../api/client-address.ts";
import { MultipartError, receiveMultipart } from "../api/multipart.ts";
import { parseRateLimit } from "../api/rate-limit.ts";
import { type LimiterFactory, memoryLimiters } from "../api/shared-limits.ts";
import type { Log } from "../ops/log.ts";

export const AUDIO_UPLOAD_PATH = "/api/demo/audio";
/** 25 MB: about 25 minutes of a 128 kbit/s MP3 call recording. */
export const DEFAULT_MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/** Extensions file-type reports for the audio the demo accepts (mp3, wav, aac, ogg, m4a, webm, flac; docs/product.md#demo). */
const AUDIO_EXTENSIONS = new Set(["mp3", "wav", "aac", "ogg", "oga", "opus", "m4a", "webm", "flac"]);
/** Enough of the file's head for file-type to recognise every format above. */
const SNIFF_BYTES = 4100;

export interface AudioUploadOptions {
  dataDir: string;
  log: Log;
  maxBytes?: number;
  /**
   * Uploads per client address (`AUDIO_UPLOAD_RATE_LIMIT`, default 10 per hour), and uploads in
   * progress at once for everyone (`AUDIO_UPLOAD_CONCURRENCY`, default 4). `env` defaults to process.env.
   */
  env?: Record<string, string | undefined>;
  /** Opens the file the bytes go to (tests inject failures such as a full disk). */
  openFile?: (file: string) => Writable;
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

export function audioUploadRouter({
  dataDir,
  log,
  maxBytes = DEFAULT_MAX_AUDIO_BYTES,
  env = process.env,
  openFile,
  limiters,
}: AudioUploadOptions) {
  const dir = path.join(dataDir, "audio");
  const router = express.Router();
  const rule = parseRateLimit(env.AUDIO_UPLOAD_RATE_LIMIT, { limit: 10, windowSeconds: 3600 });
  const perAddress = rule ? (limiters ?? memoryLimiters)("audio", rule) : null;
  const concurrency = Number(env.AUDIO_UPLOAD_CONCURRENCY ?? 4);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("AUDIO_UPLOAD_CONCURRENCY must be a whole number of at least 1");
  let inProgress = 0;
  const open = openFile ?? ((file: string) => createWriteStream(file, { flags: "wx" }));

  router.post(AUDIO_UPLOAD_PATH, async (req: Request, res: Response) => {
    let counted = false;
    try {
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
      const saved = await receive(req, dir, maxBytes, open);
      log.info("demo audio stored", { file: saved.file, bytes: saved.bytes, type: saved.mime });
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

async function receive(req: Request, dir: string, maxBytes: number, open: (file: string) => Writable): Promise<Saved> {
  if (!req.is("multipart/form-data")) throw new UploadError(415, "invalid_request", "Send multipart/form-data with an `audio` file.");
  const declared = Number(req.headers["content-length"] ?? 0);
  // Multipart framing adds a little; anything far above the limit is refused before reading it.
  if (declared > maxBytes + 64 * 1024) throw new UploadError(413, "file_too_large", messages.tooLarge(maxBytes));

  await mkdir(dir, { recursive: true });
  const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  const tmp = path.join(dir, `.${id}.part`);

  try {
    let received;
    try {
      received = await receiveMultipart(req, {
        limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 2048, parts: 12 },
        acceptFile: (name) => name === "audio",
        open: () => open(tmp),
        headBytes: SNIFF_BYTES,
        fields: ["timestamp", "source_page"],
      });
    } catch (e) {
      if (e instanceof MultipartError && e.kind === "write") {
        const code = (e.cause as NodeJS.ErrnoException | undefined)?.code;
        if (code === "ENOSPC" || code === "EDQUOT") {
          throw new UploadError(507, "upload_failed", "The recording could not be stored right now, please try again later.");
        }
        throw e;
      }
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
    const file = `${id}.${type.ext}`;
    await rename(tmp, path.join(dir, file));
    await writeFile(
      path.join(dir, `${id}.json`),
      JSON.stringify(
        {
          file,
          originalName: f.filename.slice(0, 255),
          bytes: f.bytes,
          type: type.mime,
          timestamp: fields.timestamp ?? null,
          sourcePage: fields.source_page ?? null,
          receivedAt: new Date().toISOString(),
        },
        null,
        2,
      ),
    );
    return { file, bytes: f.bytes, mime: type.mime };
  } finally {
    await rm(tmp, { force: true });
  }
}
