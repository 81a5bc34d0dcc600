/**
 * An oversized body refused by the main thread is a clean 413 whichever thread the kernel gave the
 * connection to (docs/serving.md, "Both cores"). Before, a form post of 8 MB through a page thread was
 * answered 502 about one time in four: the main thread closed the private socket (`Connection: close`,
 * to stop reading the body) while the thread was still writing the body to it, and the thread's write
 * failed before it had read the 413. The server runs in-process with the production build and one page thread.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startServer } from "../../server/app.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, templateDataDir } from "../support/api-server.ts";

const BUILD = join(resolve(import.meta.dirname, "../.."), "build/server/index.js");
let app: RunningApp;
let dataDir: string;

/** One POST on a new connection (so the kernel may hand it to the page thread or the main thread). */
const post = (url: string, headers: Record<string, string>, body: Buffer) =>
  new Promise<{ status: number | string; connection: string | undefined }>((done) => {
    const req = request(url, { method: "POST", agent: false, headers: { ...headers, "Content-Length": String(body.length) } }, (res) => {
      res.resume();
      res.on("end", () => done({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => done({ status: `error ${e.code}`, connection: undefined }));
    req.end(body);
  });

describe.skipIf(!existsSync(BUILD) || process.platform !== "linux")("oversized bodies through a page thread", () => {
  beforeAll(async () => {
    const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
    dataDir = mkdtempSync(join(tmpdir(), "api-oversized-"));
    cpSync(await templateDataDir(), dataDir, { recursive: true });
    app = await startServer({
      build,
      env: { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD },
      log: quietLog as never,
      pageThreads: 1,
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 30 form posts of 8 MB with 30 × 413, each closing the connection", async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, "a");
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await post(`${app.url}/en/contact`, { "Content-Type": "application/x-www-form-urlencoded" }, body);
      statuses.push(r.status);
      if (r.status === 413) expect(r.connection).toBe("close");
    }
    expect(statuses).toEqual(Array(30).fill(413));
  }, 120_000);

  it("answers 30 API writes of 8 MB with 30 × 413 (the body is read to its end, the connection kept)", async () => {
    const key = app.api!.anonKey;
    const body = Buffer.alloc(8 * 1024 * 1024, "a");
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await post(`${app.url}/rest/v1/leads`, { apikey: key, Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body))
          .status,
      );
    }
    expect(statuses).toEqual(Array(30).fill(413));
  }, 120_000);

  it("still serves the site afterwards", async () => {
    expect((await fetch(`${app.url}/en`)).status).toBe(200);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
