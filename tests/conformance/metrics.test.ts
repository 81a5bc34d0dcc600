/**
 * Prometheus metrics (docs/serving.md, "Metrics"): /metrics is a 404 like any unknown page without
 * METRICS_TOKEN, without the bearer token or with a wrong one; with it, the text exposition format 0.0.4,
 * whose counters move after a page and an API request. The server runs in-process with the production build.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startServer } from "../../server/app.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, templateDataDir } from "../support/api-server.ts";

const BUILD = join(resolve(import.meta.dirname, "../.."), "build/server/index.js");
const TOKEN = "test-metrics-token-0123456789";
const dirs: string[] = [];
const apps: RunningApp[] = [];

async function start(env: Record<string, string>, withBuild = true): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "api-metrics-"));
  dirs.push(dataDir);
  cpSync(await templateDataDir(), dataDir, { recursive: true });
  const build = withBuild ? ((await import(pathToFileURL(BUILD).href)) as ServerBuild) : undefined;
  const app = await startServer({
    build,
    env: { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, ...env },
    log: quietLog as never,
  });
  apps.push(app);
  return app;
}

afterAll(async () => {
  for (const a of apps) await a.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every sample line of a scrape as name{labels} → value; throws on a line that is not `name{labels} value`. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  expect(text.endsWith("\n")).toBe(true);
  for (const line of text.trimEnd().split("\n")) {
    if (line.startsWith("# HELP ") || line.startsWith("# TYPE ")) {
      expect(line).toMatch(/^# (HELP [a-z_]+ .+|TYPE [a-z_]+ (counter|gauge|histogram))$/);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="[^"\\\n]*",?)*\})? (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|\+Inf|NaN)$/.exec(
      line,
    );
    if (!m) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    samples.set(`${m[1]}${m[2] ?? ""}`, Number(m[3]));
  }
  return samples;
}

describe.skipIf(!existsSync(BUILD))("/metrics", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await start({ METRICS_TOKEN: TOKEN });
  }, 120_000);

  const scrape = async () => {
    const res = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    return parse(await res.text());
  };

  it("is a 404 like any unknown page without the token or with a wrong one", async () => {
    const unknown = await fetch(`${app.url}/no-such-page-here`);
    expect(unknown.status).toBe(404);
    const refused: Record<string, string>[] = [
      {},
      { Authorization: `Bearer wrong-${TOKEN}` },
      { Authorization: TOKEN },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of refused) {
      const res = await fetch(`${app.url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
      expect(await res.text()).not.toContain("http_requests_total");
    }
    expect((await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it("parses as the text format, and its counters move after a page and an API request", async () => {
    const before = await scrape();
    expect(before.get("mail_outbox_pending")).toBeGreaterThanOrEqual(0);
    expect(before.get("mail_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(0);
    expect(before.get('http_request_duration_seconds_bucket{kind="page",le="+Inf"}')).toBe(
      before.get('http_request_duration_seconds_count{kind="page"}'),
    );

    expect((await fetch(`${app.url}/en`)).status).toBe(200); // rendered and stored: a miss
    expect((await fetch(`${app.url}/en`)).headers.get("x-cache")).toBe("HIT");
    const key = app.api!.anonKey;
    const rest = await fetch(`${app.url}/rest/v1/blog_posts?select=id&limit=1`, {
      headers: { apikey: key, Authorization: `Bearer ${key}` },
    });
    expect(rest.status).toBe(200);
    expect((await fetch(`${app.url}/rest/v1/no_such_table`, { headers: { apikey: key } })).status).toBe(404);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    const after = await scrape();
    const moved = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(moved('http_requests_total{kind="page",status_class="2xx"}')).toBe(2);
    expect(moved('http_requests_total{kind="api",status_class="2xx"}')).toBe(1);
    expect(moved('http_requests_total{kind="api",status_class="4xx"}')).toBe(1);
    expect(moved('http_requests_total{kind="health",status_class="2xx"}')).toBe(1);
    // The first scrape itself is counted once its answer is done.
    expect(moved('http_requests_total{kind="other",status_class="2xx"}')).toBe(1);
    expect(moved('page_cache_requests_total{result="hit"}')).toBe(1);
    expect(moved('page_cache_requests_total{result="miss"}')).toBe(1);
    expect(moved('http_request_duration_seconds_count{kind="page"}')).toBe(2);
    expect(moved('http_request_duration_seconds_bucket{kind="api",le="+Inf"}')).toBe(2);
    expect(moved('http_request_duration_seconds_sum{kind="page"}')).toBeGreaterThan(0);
    // Buckets are cumulative.
    const buckets = [...after].filter(([k]) => k.startsWith('http_request_duration_seconds_bucket{kind="page"')).map(([, v]) => v);
    expect(buckets.length).toBeGreaterThan(2);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(after.get("metrics_processes")).toBe(1);
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  it("does not exist, whatever the request carries", async () => {
    const app = await start({ SITE: "off" }, false);
    for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }, { Authorization: "Bearer " }] as Record<string, string>[]) {
      expect((await fetch(`${app.url}/metrics`, { headers })).status).toBe(404);
    }
  }, 120_000);
});

/** One GET on a new connection, so the kernel may hand it to either worker. */
const getFresh = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((done, fail) =>
    httpGet(url, { agent: false, headers }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    }).on("error", fail),
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)("/metrics with node:cluster (PostgreSQL, two web workers)", () => {
  it("adds up every worker's counters, whichever worker the scrape reaches", async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `api_metrics_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    await admin.query(`create database ${name}`);
    const dbUrl = new URL(process.env.TEST_DATABASE_URL!);
    dbUrl.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), "api-metrics-cluster-"));
    dirs.push(dataDir);
    const proc = spawn(process.execPath, ["--liftoff-only", "server/main.ts"], {
      cwd: resolve(import.meta.dirname, "../.."),
      env: {
        ...process.env,
        SITE: "off",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl.toString(),
        WEB_CONCURRENCY: "2",
        METRICS_TOKEN: TOKEN,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let out = "";
      const url = await new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no "listening on" within 100 s:\n${out}`)), 100_000);
        const onData = (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+) with 2 web workers/.exec(out);
          if (m) {
            clearTimeout(timer);
            done(m[1]!.replace("localhost", "127.0.0.1"));
          }
        };
        proc.stdout!.on("data", onData);
        proc.stderr!.on("data", onData);
        proc.once("exit", () => fail(new Error(`exited before listening:\n${out}`)));
      });
      const auth = { Authorization: `Bearer ${TOKEN}` };
      const health = (text: string) => parse(text).get('http_requests_total{kind="health",status_class="2xx"}') ?? 0;
      const before = await getFresh(`${url}/metrics`, auth);
      expect(before.status).toBe(200);
      for (let i = 0; i < 20; i++) expect((await getFresh(`${url}/healthz`)).status).toBe(200);
      // Several scrapes on new connections: each, whichever worker answers it, sees all 20 probes.
      for (let i = 0; i < 6; i++) {
        const scrape = await getFresh(`${url}/metrics`, auth);
        expect(scrape.status).toBe(200);
        const samples = parse(scrape.body);
        expect(samples.get("metrics_processes")).toBe(2);
        expect(health(scrape.body) - health(before.body)).toBe(20);
        expect(samples.get("db_pool_max_connections")).toBe(20);
        expect(samples.get("mail_outbox_pending")).toBeGreaterThanOrEqual(0);
      }
      expect((await getFresh(`${url}/metrics`)).status).toBe(404);
    } finally {
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 180_000);
});
