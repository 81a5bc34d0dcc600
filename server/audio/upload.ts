/**
 * POST /api/demo/audio: where the demo's recordings go when no processing webhook is configured
 * (docs/product.md#demo; with AUDIO_WEBHOOK_URL set they go to that external workflow instead).
 * Multipart fields `audio` (the file), `timestamp` and `source_page`. Only audio is kept, judged by
 * the file's bytes rather than by its name or declared type; files are written to `<dataDir>/audio/`
 * with a JSON sidecar of the fields.
 */
import Busboy from "busboy";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import express, { type Request, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import type { Log } from "../log.ts";

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
}

type ErrorCode = "invalid_request" | "missing_file" | "invalid_file_type" | "file_too_large" | "upload_failed";

class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const messages = {
  invalidType: "Invalid file type. Please upload an audio file (MP3, WAV, AAC, OGG, M4A, FLAC, or WebM).",
  tooLarge: (max: number) => `The file is larger than ${Math.round(max / (1024 * 1024))} MB.`,
};

export function audioUploadRouter({ dataDir, log, maxBytes = DEFAULT_MAX_AUDIO_BYTES }: AudioUploadOptions) {
  const dir = path.join(dataDir, "audio");
  const router = express.Router();

  router.post(AUDIO_UPLOAD_PATH, async (req: Request, res: Response) => {
    try {
      const saved = await receive(req, dir, maxBytes);
      log.info("demo audio stored", { file: saved.file, bytes: saved.bytes, type: saved.mime });
      res.status(201).json({ ok: true, file: saved.file, bytes: saved.bytes, type: saved.mime });
    } catch (e) {
      if (!req.readableEnded) req.resume();
      if (e instanceof UploadError) {
        res.status(e.status).json({ error: e.code, message: e.message });
        return;
      }
      log.error("demo audio upload failed", { error: String((e as Error)?.stack ?? e) });
      res.status(500).json({ error: "upload_failed", message: "The recording could not be stored." });
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

async function receive(req: Request, dir: string, maxBytes: number): Promise<Saved> {
  if (!req.is("multipart/form-data")) throw new UploadError(415, "invalid_request", "Send multipart/form-data with an `audio` file.");
  const declared = Number(req.headers["content-length"] ?? 0);
  // Multipart framing adds a little; anything far above the limit is refused before reading it.
  if (declared > maxBytes + 64 * 1024) throw new UploadError(413, "file_too_large", messages.tooLarge(maxBytes));

  await mkdir(dir, { recursive: true });
  const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  const tmp = path.join(dir, `.${id}.part`);

  let bb: ReturnType<typeof Busboy>;
  try {
    bb = Busboy({ headers: req.headers, limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 2048, parts: 12 } });
  } catch {
    throw new UploadError(400, "invalid_request", "Malformed multipart body.");
  }

  const fields: Record<string, string> = {};
  let fileSeen = false;
  let tooLarge = false;
  let bytes = 0;
  let originalName = "";
  const head: Buffer[] = [];
  let headLength = 0;
  let written: Promise<void> | null = null;

  const done = new Promise<void>((resolve, reject) => {
    bb.on("field", (name, value) => {
      if (name === "timestamp" || name === "source_page") fields[name] = value;
    });
    bb.on("file", (name, stream, info) => {
      if (name !== "audio" || fileSeen) {
        stream.resume();
        return;
      }
      fileSeen = true;
      originalName = info.filename ?? "";
      const out = createWriteStream(tmp);
      written = new Promise<void>((ok, fail) => {
        out.on("finish", ok);
        out.on("error", fail);
      });
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (headLength < SNIFF_BYTES) {
          head.push(chunk);
          headLength += chunk.length;
        }
      });
      stream.on("limit", () => {
        tooLarge = true;
      });
      stream.pipe(out);
    });
    bb.on("close", resolve);
    bb.on("error", (e) => reject(new UploadError(400, "invalid_request", `Malformed multipart body: ${(e as Error).message}`)));
  });
  req.pipe(bb);

  try {
    await done;
    if (written) await written;
    if (!fileSeen || bytes === 0) throw new UploadError(400, "missing_file", "No audio file was sent (field `audio`).");
    if (tooLarge) throw new UploadError(413, "file_too_large", messages.tooLarge(maxBytes));
    const type = await fileTypeFromBuffer(Buffer.concat(head).subarray(0, SNIFF_BYTES));
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
          originalName: originalName.slice(0, 255),
          bytes,
          type: type.mime,
          timestamp: fields.timestamp ?? null,
          sourcePage: fields.source_page ?? null,
          receivedAt: new Date().toISOString(),
        },
        null,
        2,
      ),
    );
    return { file, bytes, mime: type.mime };
  } finally {
    await rm(tmp, { force: true });
  }
}
