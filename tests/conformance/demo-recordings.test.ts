/**
 * Demo recordings (POST /api/demo/audio, server/audio/upload.ts and retention.ts): only audio is kept,
 * judged by its bytes; a recording is an object of the private `demo-recordings` bucket with its bytes
 * in the database (so every node on one PostgreSQL sees it and a backup holds it); only owners and sales
 * can list or download it (RLS); it is deleted after AUDIO_RETENTION_DAYS; files an older version left
 * in DATA_DIR/audio are moved in at start. Refused uploads store nothing and never wedge the process.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chunked, rawRequest, truncatedMultipart } from "./raw-http.ts";
import {
  AUDIO_UPLOAD_PATH,
  RECORDINGS_BUCKET,
  audioUploadRouter,
  storeRecording,
  type AudioUploadOptions,
} from "../../server/audio/upload.ts";
import { importRecordingFiles, recordingRetentionDays, runRecordingRetention } from "../../server/jobs/recording-retention.ts";
import { backupArchive, tar } from "../../server/db/backup.ts";
import { type Database, openPglite } from "../../server/db/database.ts";
import { backends } from "../support/backends.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, type TestServer, signedIn, startServer } from "../support/api-server.ts";

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

let srv: TestServer;
let url: string;
let closeUpload: () => Promise<void>;

/** Mounts the upload route on its own server, storing into `db`. */
async function listen(opts: Partial<AudioUploadOptions> & { db: Database | null }): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(audioUploadRouter({ log: quiet, maxBytes: 64 * 1024, env: { AUDIO_UPLOAD_RATE_LIMIT: "off" }, ...opts }));
  const s = await new Promise<Server>((resolve) => {
    const x = app.listen(0, "127.0.0.1", () => resolve(x));
  });
  return {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}${AUDIO_UPLOAD_PATH}`,
    async close() {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    },
  };
}

beforeAll(async () => {
  srv = await startServer();
  ({ url, close: closeUpload } = await listen({ db: srv.api.db }));
}, 60_000);

afterAll(async () => {
  await closeUpload();
  await srv.close();
});

beforeEach(async () => {
  await srv.api.db.query("delete from storage.objects where bucket_id = $1", [RECORDINGS_BUCKET]);
});

interface StoredRow {
  name: string;
  metadata: { mimetype: string; size: number };
  user_metadata: Record<string, unknown>;
  created_at: Date;
  data: Uint8Array;
}
const stored = async () =>
  (
    await srv.api.db.query<StoredRow>(
      `select o.name, o.metadata, o.user_metadata, o.created_at, d.data
         from storage.objects o join embedded.object_data d on d.object_id = o.id
        where o.bucket_id = $1 order by o.name`,
      [RECORDINGS_BUCKET],
    )
  ).rows;
const names = async () => (await stored()).map((r) => r.name);

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
    const rows = await stored();
    expect(rows.map((r) => r.name)).toEqual([body.file]);
    expect(body.file).toMatch(/^\d{4}-\d{2}-\d{2}\//);
    expect(Buffer.from(rows[0]!.data).equals(bytes)).toBe(true);
    expect(rows[0]!.metadata).toMatchObject({ mimetype: mime, size: bytes.length });
    expect(rows[0]!.user_metadata).toEqual({
      originalName: "recording.bin",
      timestamp: "2026-11-22T03:00:00.000Z",
      sourcePage: "/en/demo",
    });
  });

  it("refuses a file that only claims to be audio (415, nothing kept)", async () => {
    const res = await post(form(PDF, "call.mp3", "audio/mpeg"));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: "invalid_file_type",
      message: "Invalid file type. Please upload an audio file (MP3, WAV, AAC, OGG, M4A, FLAC, or WebM).",
    });
    expect(await names()).toEqual([]);
  });

  it("refuses a file over the size limit (413, nothing kept)", async () => {
    const res = await post(form(sample(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 65 * 1024), "long.mp3", "audio/mpeg"));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "file_too_large" });
    expect(await names()).toEqual([]);
  });

  it("refuses a body declared far over the limit before reading it", async () => {
    const res = await post(form(sample(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 200 * 1024), "huge.mp3", "audio/mpeg"));
    expect(res.status).toBe(413);
    expect(await names()).toEqual([]);
  });

  it("asks for the file when the audio field is missing or empty (400)", async () => {
    const res = await post(form(null));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "missing_file" });
    const empty = await post(form(Buffer.alloc(0), "empty.mp3", "audio/mpeg"));
    expect(empty.status).toBe(400);
    expect(await names()).toEqual([]);
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

/** A second upload route with its own options (limits, a database that fails). */
async function withServer(opts: Partial<AudioUploadOptions>, fn: (url: string) => Promise<void>) {
  const l = await listen({ db: srv.api.db, ...opts });
  try {
    await fn(l.url);
  } finally {
    await l.close();
  }
}

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
    expect(await names()).toEqual([]);
    expect((await post(form(MP3, "call.mp3", "audio/mpeg"))).status).toBe(201);
  });

  it("a connection that ends or resets mid-body: nothing kept (no partial file), then a good upload", async () => {
    const body = truncatedMultipart(boundary, "audio", "call.mp3", "audio/mpeg", MP3);
    await rawRequest(url, head(url, [`Content-Length: ${body.length + 10_000}`]), body, "end", 500);
    await rawRequest(url, head(url, [`Content-Length: ${body.length + 10_000}`]), body, "reset", 500);
    // The partial files are removed once the server notices the client is gone.
    await new Promise((r) => setTimeout(r, 500));
    expect(await names()).toEqual([]);
    expect((await post(form(MP3, "call.mp3", "audio/mpeg"))).status).toBe(201);
  });

  it("a full database (53100 while storing): 507 for that upload, nothing kept, then a good upload", async () => {
    let failNext = true;
    const db: Database = {
      ...srv.api.db,
      transaction: (fn, o) => {
        if (!failNext) return srv.api.db.transaction(fn, o);
        failNext = false;
        return Promise.reject(Object.assign(new Error("could not extend file: No space left on device"), { code: "53100" }));
      },
    };
    await withServer({ db }, async (u) => {
      const res = await fetch(u, { method: "POST", body: form(MP3, "call.mp3", "audio/mpeg") });
      expect(res.status).toBe(507);
      expect(await res.json()).toMatchObject({ error: "upload_failed" });
      expect(await names()).toEqual([]);
      const ok = await fetch(u, { method: "POST", body: form(MP3, "call.mp3", "audio/mpeg") });
      expect(ok.status).toBe(201);
    });
  });

  it("without a database (API=off) an upload is refused with 503, not lost", async () => {
    await withServer({ db: null }, async (u) => {
      const res = await fetch(u, { method: "POST", body: form(MP3, "call.mp3", "audio/mpeg") });
      expect(res.status).toBe(503);
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

describe("who can read a recording (RLS on the private bucket)", () => {
  it("anon and a signed-in user without a sales role see nothing; an owner lists and downloads it", async () => {
    const res = await post(form(WAV, "call.wav", "audio/wav"));
    expect(res.status).toBe(201);
    const { file } = (await res.json()) as { file: string };
    const [folder, leaf] = file.split("/") as [string, string];

    const anon = srv.client();
    expect((await anon.storage.from(RECORDINGS_BUCKET).list(folder)).data ?? []).toEqual([]);
    expect((await anon.storage.from(RECORDINGS_BUCKET).download(file)).data).toBeNull();
    // The bucket is private: no public URL answers.
    const pub = await fetch(`${srv.url}/storage/v1/object/public/${RECORDINGS_BUCKET}/${file}`);
    expect(pub.status).toBeGreaterThanOrEqual(400);
    expect(Buffer.from(await pub.arrayBuffer()).includes(WAV.subarray(0, 12))).toBe(false);
    // Nobody writes recordings through the storage API, not even an owner.
    const put = await anon.storage.from(RECORDINGS_BUCKET).upload(`${folder}/planted.wav`, new Blob([new Uint8Array(WAV)]));
    expect(put.error).not.toBeNull();

    const { client: user } = await signedIn(srv, USER_EMAIL, USER_PASSWORD);
    expect((await user.storage.from(RECORDINGS_BUCKET).list(folder)).data ?? []).toEqual([]);
    expect((await user.storage.from(RECORDINGS_BUCKET).download(file)).data).toBeNull();
    expect((await user.storage.from(RECORDINGS_BUCKET).remove([file])).data ?? []).toEqual([]);

    const { client: owner } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(((await owner.storage.from(RECORDINGS_BUCKET).list(folder)).data ?? []).map((o) => o.name)).toEqual([leaf]);
    const got = await owner.storage.from(RECORDINGS_BUCKET).download(file);
    expect(Buffer.from(await got.data!.arrayBuffer()).equals(WAV)).toBe(true);
    expect(await owner.storage.from(RECORDINGS_BUCKET).upload(`${folder}/planted.wav`, new Blob([new Uint8Array(WAV)]))).toMatchObject({
      data: null,
    });
    expect(await names()).toEqual([file]);
  });
});

describe("a recording is data: in backups, deleted after the retention period, moved off the disk", () => {
  it("is in a backup of the database", async () => {
    const res = await post(form(FLAC, "call.flac", "audio/flac"));
    const { file } = (await res.json()) as { file: string };
    const work = mkdtempSync(path.join(tmpdir(), "recordings-backup-"));
    try {
      writeFileSync(path.join(work, "b.tar.gz"), await backupArchive(srv.api.db, srv.dataDir));
      await tar(["-xzf", path.join(work, "b.tar.gz"), "-C", work]);
      const copy = await openPglite(path.join(work, "pg"));
      try {
        const r = await copy.query<{ data: Uint8Array }>(
          `select d.data from storage.objects o join embedded.object_data d on d.object_id = o.id where o.bucket_id = $1 and o.name = $2`,
          [RECORDINGS_BUCKET, file],
        );
        expect(r.rows).toHaveLength(1);
        expect(Buffer.from(r.rows[0]!.data).equals(FLAC)).toBe(true);
      } finally {
        await copy.close();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 20_000);

  it("is deleted, row and bytes, once older than AUDIO_RETENTION_DAYS; younger ones stay", async () => {
    expect(recordingRetentionDays({})).toBe(30);
    expect(recordingRetentionDays({ AUDIO_RETENTION_DAYS: "7" })).toBe(7);
    expect(() => recordingRetentionDays({ AUDIO_RETENTION_DAYS: "0" })).toThrow(/AUDIO_RETENTION_DAYS/);
    const now = new Date();
    const day = 86_400_000;
    const put = (name: string, ageDays: number) =>
      storeRecording(srv.api.db, { name, data: MP3, mime: "audio/mpeg", receivedAt: new Date(now.getTime() - ageDays * day), details: {} });
    await put("old/31-days.mp3", 31);
    await put("old/30-days-and-a-minute.mp3", 30 + 1 / 1440);
    await put("new/29-days.mp3", 29);
    await put("new/today.mp3", 0);
    const before = Number((await srv.api.db.query<{ n: number }>("select count(*)::int as n from embedded.object_data")).rows[0]!.n);

    expect((await runRecordingRetention(srv.api.db, { days: 30, now, log: quiet }))?.sort()).toEqual([
      "old/30-days-and-a-minute.mp3",
      "old/31-days.mp3",
    ]);
    expect(await names()).toEqual(["new/29-days.mp3", "new/today.mp3"]);
    const after = Number((await srv.api.db.query<{ n: number }>("select count(*)::int as n from embedded.object_data")).rows[0]!.n);
    expect(after).toBe(before - 2);
    // The server's own job (run at start and on the clean-up interval) does the same.
    await put("old/40-days.mp3", 40);
    expect(await srv.api.recordingRetention.run()).toEqual(["old/40-days.mp3"]);
    expect(srv.api.recordingRetention.days).toBe(30);
  });

  it("files an older version wrote to DATA_DIR/audio move into the bucket at start, once", async () => {
    const dir = path.join(srv.dataDir, "audio");
    mkdirSync(dir, { recursive: true });
    const id = "2026-11-20T10-00-00-000Z-abcd1234";
    writeFileSync(path.join(dir, `${id}.mp3`), MP3);
    writeFileSync(
      path.join(dir, `${id}.json`),
      JSON.stringify({
        file: `${id}.mp3`,
        originalName: "viewing.mp3",
        timestamp: "t",
        sourcePage: "/demo",
        receivedAt: "2026-11-20T10:00:00.000Z",
      }),
    );
    writeFileSync(path.join(dir, `${id}-nometa.wav`), WAV);
    utimesSync(path.join(dir, `${id}-nometa.wav`), new Date("2026-11-21T00:00:00Z"), new Date("2026-11-21T00:00:00Z"));
    writeFileSync(path.join(dir, ".half.part"), "partial");

    expect(await importRecordingFiles(srv.api.db, srv.dataDir, quiet)).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
    const rows = await stored();
    expect(rows.map((r) => r.name)).toEqual([`2026-11-20/${id}.mp3`, `2026-11-21/${id}-nometa.wav`]);
    expect(Buffer.from(rows[0]!.data).equals(MP3)).toBe(true);
    expect(rows[0]!.user_metadata).toMatchObject({ originalName: "viewing.mp3", sourcePage: "/demo" });
    expect(new Date(rows[0]!.created_at).toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(rows[1]!.metadata).toMatchObject({ mimetype: "audio/wav" });

    // Again (a second worker, or a restart after a crash between storing and removing): nothing doubles.
    const sidecar = JSON.stringify({ file: `${id}.mp3`, receivedAt: "2026-11-20T10:00:00.000Z" });
    writeFileSync(path.join(dir, `${id}.mp3`), MP3);
    writeFileSync(path.join(dir, `${id}.json`), sidecar);
    expect(await importRecordingFiles(srv.api.db, srv.dataDir, quiet)).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    expect(await names()).toHaveLength(2);
  });
});

const postgres = backends.find((b) => b.name === "PostgreSQL");
describe.skipIf(!postgres)("two nodes on one PostgreSQL", () => {
  it("a recording uploaded to one node is read back through the other", async () => {
    const b = await postgres!.setup();
    const one = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    const two = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    const upload = await listen({ db: one.api.db });
    try {
      const res = await fetch(upload.url, { method: "POST", body: form(OGG, "call.ogg", "audio/ogg") });
      expect(res.status).toBe(201);
      const { file } = (await res.json()) as { file: string };
      const { client: owner } = await signedIn(two, ADMIN_EMAIL, ADMIN_PASSWORD);
      const got = await owner.storage.from(RECORDINGS_BUCKET).download(file);
      expect(Buffer.from(await got.data!.arrayBuffer()).equals(OGG)).toBe(true);
      expect((await two.client().storage.from(RECORDINGS_BUCKET).download(file)).data).toBeNull();
    } finally {
      await upload.close();
      await one.close();
      await two.close();
      await b.teardown();
    }
  }, 60_000);
});
