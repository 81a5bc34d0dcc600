/**
 * Request ids and JSON logs (docs/serving.md, "Logs and request ids"): a well-formed incoming
 * X-Request-Id comes back as it was sent, a malformed one is replaced by a new id, and with
 * LOG_FORMAT=json the log line an API error writes is one JSON object carrying that request's id.
 * The real server (server/main.ts, SITE=off) runs as a child process on loopback.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../server/app.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, templateDataDir } from "../support/api-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let proc: ChildProcess;
let dir: string;
let url: string;
let out = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "api-request-id-"));
  cpSync(await templateDataDir(), dir, { recursive: true });
  proc = spawn(process.execPath, ["--liftoff-only", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      SITE: "off",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      LOG_ACCESS: "on",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" within 90 s:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!);
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", () => reject(new Error(`exited before listening:\n${out}`)));
  });
}, 120_000);

afterAll(async () => {
  if (proc && proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The JSON log lines written so far (every line must be one). */
const logLines = () =>
  out
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("X-Request-Id", () => {
  it("returns a well-formed incoming id as it was sent", async () => {
    for (const id of ["abc-123", "req_01HZX4.7:node=2", "a".repeat(64)]) {
      const res = await fetch(`${url}/healthz`, { headers: { "X-Request-Id": id } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-request-id")).toBe(id);
    }
  });

  it("gives a request without one a new id, and replaces a malformed one", async () => {
    const none = (await fetch(`${url}/healthz`)).headers.get("x-request-id");
    expect(none).toMatch(UUID);
    for (const bad of ["a".repeat(65), "has space", "<script>", "semi;colon", "é"]) {
      const id = (await fetch(`${url}/rest/v1/`, { headers: { "X-Request-Id": bad } })).headers.get("x-request-id");
      expect(id).toMatch(UUID);
      expect(id).not.toBe(bad);
    }
    const ids = await Promise.all([1, 2, 3].map(async () => (await fetch(`${url}/healthz`)).headers.get("x-request-id")));
    expect(new Set(ids).size).toBe(3);
  });
});

describe("LOG_FORMAT=json", () => {
  it("writes one JSON object per line, and an API error's line carries the request's id", async () => {
    const id = `test-${Date.now()}`;
    const res = await fetch(`${url}/rest/v1/blog_posts%ZZ`, { headers: { "X-Request-Id": id } });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-request-id")).toBe(id);
    let line: Record<string, unknown> | undefined;
    for (let i = 0; i < 50 && !line; i++) {
      line = logLines().find((l) => l.requestId === id);
      if (!line) await new Promise((r) => setTimeout(r, 100));
    }
    expect(line).toMatchObject({ level: "info", msg: "api: request refused", requestId: id, status: 400, method: "GET" });
    expect(Object.keys(line!).slice(0, 4)).toEqual(["time", "level", "msg", "requestId"]);
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
    // The start-up line is JSON too, and lines written outside a request carry no id.
    const listening = logLines().find((l) => String(l.msg).startsWith("listening on"));
    expect(listening).toMatchObject({ level: "info" });
    expect(listening).not.toHaveProperty("requestId");
  });
});

describe("LOG_ACCESS=on", () => {
  it("writes one access line per request: method, path without query, kind, status, duration, request id", async () => {
    const id = `access-${Date.now()}`;
    expect((await fetch(`${url}/healthz?secret=1`, { headers: { "X-Request-Id": id } })).status).toBe(200);
    const post = await fetch(`${url}/rest/v1/no_such_table`, { method: "POST", headers: { "X-Request-Id": `${id}-2` }, body: "{}" });
    expect(post.status).toBeGreaterThanOrEqual(400);
    const find = async (rid: string) => {
      for (let i = 0; i < 50; i++) {
        const line = logLines().find((l) => l.requestId === rid && l.msg === "request");
        if (line) return line;
        await new Promise((r) => setTimeout(r, 100));
      }
      return undefined;
    };
    const line = await find(id);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      requestId: id,
      method: "GET",
      path: "/healthz",
      kind: "health",
      status: 200,
    });
    expect(typeof line!.durationMs).toBe("number");
    expect(JSON.stringify(line)).not.toContain("secret");
    expect(await find(`${id}-2`)).toMatchObject({ method: "POST", path: "/rest/v1/no_such_table", kind: "api", status: post.status });
  });
});

/** One GET on a new connection (so the kernel may hand it to any of the threads listening on the port). */
const getFresh = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; id: string | undefined; cache: string | undefined }>((done, fail) =>
    httpGet(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, id: res.headers["x-request-id"] as string, cache: res.headers["x-cache"] as string }),
      );
    }).on("error", fail),
  );

const BUILD = join(ROOT, "build/server/index.js");
describe.skipIf(!existsSync(BUILD) || process.platform !== "linux")("with a page thread", () => {
  it("answers the id on pages the thread serves and on requests it forwards to the main thread", async () => {
    const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
    const dataDir = mkdtempSync(join(tmpdir(), "api-request-id-threads-"));
    cpSync(await templateDataDir(), dataDir, { recursive: true });
    const app = await startServer({
      build,
      env: { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD },
      log: quietLog as never,
      pageThreads: 1,
    });
    try {
      expect((await getFresh(`${app.url}/en`, {})).status).toBe(200); // stored, and sent to the thread
      for (let i = 0; i < 40 && app.threadHits() === 0; i++) {
        const id = `page-${i}`;
        const r = await getFresh(`${app.url}/en`, { "X-Request-Id": id });
        expect(r).toMatchObject({ status: 200, id, cache: "HIT" });
        const bad = await getFresh(`${app.url}/en`, { "X-Request-Id": "no spaces allowed" });
        expect(bad.id).toMatch(UUID);
      }
      expect(app.threadHits()).toBeGreaterThan(0);
      // Forwarded (not a stored page): the main thread answers with the id the thread chose or kept.
      for (let i = 0; i < 10; i++) {
        expect(await getFresh(`${app.url}/healthz`, { "X-Request-Id": `fwd-${i}` })).toMatchObject({ status: 200, id: `fwd-${i}` });
        expect((await getFresh(`${app.url}/healthz`, { "X-Request-Id": "bad id" })).id).toMatch(UUID);
      }
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
