// @vitest-environment node
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { chunked, rawRequest, truncatedMultipart } from "../../tests/conformance/raw-http.ts";
import { AUDIO_UPLOAD_PATH, audioUploadRouter, type AudioUploadOptions } from "./upload.ts";

const quiet = { info() {}, warn() {}, error() {} };

/** Enough of each format's head for file-type; the rest is silence. */
function sample(head: Buffer, size = 8192) {
  const out = Buffer.alloc(size);
  head.copy(out);
  return out;
}
const WAV = sample(Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WAVEfmt ")]));
const MP3 = sample(Buffer.from([0xff, 0xfb, 0x90, 0x64]));
const FLAC = sample(Buffer.from("fLaC\x00\x00\x00\x22"));
const OGG = sample(Buffer.concat([Buffer.from("OggS"), Buffer.alloc(24), Buffer.from("\x01vorbis")]));
const M4A = sample(Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A \x00\x00\x00\x00M4A mp42isom")]));
const AAC = sample(Buffer.from([0xff, 0xf1, 0x50, 0x80]));
const PDF = sample(Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"));

let dataDir: string;
let server: Server;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "audio-upload-"));
  const app = express();
  app.use(audioUploadRouter({ dataDir, log: quiet, maxBytes: 64 * 1024, env: { AUDIO_UPLOAD_RATE_LIMIT: "off" } }));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${AUDIO_UPLOAD_PATH}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => rmSync(path.join(dataDir, "audio"), { recursive: true, force: true }));

const stored = () => {
  try {
    return readdirSync(path.join(dataDir, "audio")).sort();
  } catch {
    return [];
  }
};

function form(bytes: Buffer | null, name = "call.bin", type = "application/octet-stream") {
  const fd = new FormData();
  if (bytes) fd.append("audio", new Blob([new Uint8Array(bytes)], { type }), name);
  fd.append("timestamp", "2026-11-22T03:00:00.000Z");
  fd.append("source_page", "/en/demo");
  return fd;
}

const post = (body: FormData | string, headers?: Record<string, string>) => fetch(url, { method: "POST", body, headers });

describe("POST /api/demo/audio", () => {
  it.each([
    ["wav", WAV, "audio/wav"],
    ["mp3", MP3, "audio/mpeg"],
    ["flac", FLAC, "audio/flac"],
    ["ogg", OGG, "audio/ogg"],
    ["m4a", M4A, "audio/x-m4a"],
    ["aac", AAC, "audio/aac"],
  ])("stores a %s recording, named by what its bytes are", async (ext, bytes, mime) => {
    // The declared name and type are deliberately wrong: only the bytes count.
    const res = await post(form(bytes, "recording.bin", "application/octet-stream"));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ok: boolean; file: string; bytes: number; type: string };
    expect(body).toMatchObject({ ok: true, bytes: bytes.length, type: mime });
    expect(body.file).toMatch(new RegExp(`\\.${ext}$`));
    const files = stored();
    expect(files).toHaveLength(2);
    expect(readFileSync(path.join(dataDir, "audio", body.file)).equals(bytes)).toBe(true);
    const meta = JSON.parse(readFileSync(path.join(dataDir, "audio", body.file.replace(/\.\w+$/, ".json")), "utf8"));
    expect(meta).toMatchObject({
      file: body.file,
      originalName: "recording.bin",
      timestamp: "2026-11-22T03:00:00.000Z",
      sourcePage: "/en/demo",
      type: mime,
    });
  });

  it("refuses a file that only claims to be audio (415, nothing kept)", async () => {
    const res = await post(form(PDF, "call.mp3", "audio/mpeg"));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: "invalid_file_type",
      message: "Invalid file type. Please upload an audio file (MP3, WAV, AAC, OGG, M4A, FLAC, or WebM).",
    });
    expect(stored()).toEqual([]);
  });

  it("refuses a file over the size limit (413, nothing kept)", async () => {
    const res = await post(form(sample(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 65 * 1024), "long.mp3", "audio/mpeg"));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "file_too_large" });
    expect(stored()).toEqual([]);
  });

  it("refuses a body declared far over the limit before reading it", async () => {
    const res = await post(form(sample(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 200 * 1024), "huge.mp3", "audio/mpeg"));
    expect(res.status).toBe(413);
    expect(stored()).toEqual([]);
  });

  it("asks for the file when the audio field is missing or empty (400)", async () => {
    const res = await post(form(null));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "missing_file" });
    const empty = await post(form(Buffer.alloc(0), "empty.mp3", "audio/mpeg"));
    expect(empty.status).toBe(400);
    expect(stored()).toEqual([]);
  });

  it("ignores a file sent under another field name", async () => {
    const fd = new FormData();
    fd.append("file", new Blob([new Uint8Array(MP3)], { type: "audio/mpeg" }), "call.mp3");
    const res = await post(fd);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "missing_file" });
  });

  it("wants multipart/form-data (415)", async () => {
    const res = await post(JSON.stringify({ audio: "x" }), { "content-type": "application/json" });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: "invalid_request" });
  });

  it("answers a malformed multipart body with 400", async () => {
    const res = await post("--nope\r\nnot a part", { "content-type": "multipart/form-data; boundary=zzz" });
    expect(res.status).toBe(400);
  });

  it("allows only POST", async () => {
    const res = await fetch(url);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

/** A second server with its own options (limits, an injected disk). */
async function withServer(opts: Partial<AudioUploadOptions>, fn: (url: string, dir: string) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), "audio-upload-x-"));
  const app = express();
  app.use(audioUploadRouter({ dataDir: dir, log: quiet, maxBytes: 64 * 1024, ...opts }));
  const s = await new Promise<Server>((resolve) => {
    const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
  });
  try {
    await fn(`http://127.0.0.1:${(s.address() as AddressInfo).port}${AUDIO_UPLOAD_PATH}`, path.join(dir, "audio"));
  } finally {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
}

const files = (dir: string) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

describe("POST /api/demo/audio cannot end or wedge the process", () => {
  const boundary = "----cut";
  const head = (u: string, extra: string[]) =>
    [`POST ${new URL(u).pathname} HTTP/1.1`, "Host: 127.0.0.1", `Content-Type: multipart/form-data; boundary=${boundary}`, ...extra].join(
      "\r\n",
    );

  it("a multipart body whose bytes stop before the closing boundary: 400, nothing kept, then a good upload", async () => {
    const body = truncatedMultipart(boundary, "audio", "call.mp3", "audio/mpeg", MP3);
    const out = await rawRequest(url, head(url, ["Transfer-Encoding: chunked"]), chunked(body), "keep", 1000);
    expect(out.status).toBe(400);
    expect(JSON.parse(out.body)).toMatchObject({ error: "invalid_request" });
    expect(stored()).toEqual([]);
    expect((await post(form(MP3, "call.mp3", "audio/mpeg"))).status).toBe(201);
  });

  it("a connection that ends or resets mid-body: nothing kept (no partial file), then a good upload", async () => {
    const body = truncatedMultipart(boundary, "audio", "call.mp3", "audio/mpeg", MP3);
    await rawRequest(url, head(url, [`Content-Length: ${body.length + 10_000}`]), body, "end", 500);
    await rawRequest(url, head(url, [`Content-Length: ${body.length + 10_000}`]), body, "reset", 500);
    // The partial files are removed once the server notices the client is gone.
    await expect.poll(() => stored(), { timeout: 3000 }).toEqual([]);
    expect((await post(form(MP3, "call.mp3", "audio/mpeg"))).status).toBe(201);
  });

  it("a full disk (ENOSPC while writing): 507 for that upload, nothing kept, then a good upload", async () => {
    let failNext = true;
    const openFile = (file: string) => {
      if (!failNext) return createWriteStream(file, { flags: "wx" });
      failNext = false;
      return new Writable({
        write(_chunk, _enc, cb) {
          cb(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28 }));
        },
      });
    };
    await withServer({ openFile, env: { AUDIO_UPLOAD_RATE_LIMIT: "off" } }, async (u, dir) => {
      const big = sample(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 60 * 1024);
      const fd = new FormData();
      fd.append("audio", new Blob([new Uint8Array(big)], { type: "audio/mpeg" }), "call.mp3");
      const res = await fetch(u, { method: "POST", body: fd });
      expect(res.status).toBe(507);
      expect(await res.json()).toMatchObject({ error: "upload_failed" });
      expect(files(dir)).toEqual([]);
      const ok = await fetch(u, { method: "POST", body: form(MP3, "call.mp3", "audio/mpeg") });
      expect(ok.status).toBe(201);
    });
  });

  it("limits uploads per address (429 with Retry-After), whatever X-Forwarded-For says", async () => {
    await withServer({ env: { AUDIO_UPLOAD_RATE_LIMIT: "2/3600" } }, async (u) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await fetch(u, {
          method: "POST",
          body: form(MP3, "call.mp3", "audio/mpeg"),
          headers: { "X-Forwarded-For": `203.0.113.${i}` },
        });
        statuses.push(r.status);
        if (r.status === 429) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([201, 201, 429, 429]);
    });
  });

  it("refuses uploads beyond the concurrency cap with 503 instead of queueing them", async () => {
    await withServer({ env: { AUDIO_UPLOAD_RATE_LIMIT: "off", AUDIO_UPLOAD_CONCURRENCY: "1" } }, async (u) => {
      // One upload held open (its body never completes), then another.
      const held = truncatedMultipart(boundary, "audio", "call.mp3", "audio/mpeg", MP3);
      const pending = rawRequest(u, head(u, [`Content-Length: ${held.length + 10_000}`]), held, "keep", 800);
      await new Promise((r) => setTimeout(r, 200));
      const r = await fetch(u, { method: "POST", body: form(MP3, "call.mp3", "audio/mpeg") });
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("5");
      await pending;
      await expect
        .poll(async () => (await fetch(u, { method: "POST", body: form(MP3, "call.mp3", "audio/mpeg") })).status, { timeout: 3000 })
        .toBe(201);
    });
  });
});
