#!/usr/bin/env node
/**
 * Load benchmark for the embedded Supabase-compatible API, from a separate process on loopback.
 *   node scripts/bench-api.mjs [--duration=5] [--concurrency=16] [--max=20000]
 * Measures: start time on an empty and on an existing data directory; requests/s and latency
 * percentiles for the published-posts list (GET /rest/v1/blog_posts) and for POST
 * /functions/v1/submit-form. Bounded in time and count; stops the server it started and removes its
 * temporary data directory.
 */
import { spawn, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "../..");
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")));
const DURATION_S = Math.min(60, Number(args.duration ?? 5));
const CONCURRENCY = Math.min(256, Number(args.concurrency ?? 16));
const MAX_REQUESTS = Math.min(200_000, Number(args.max ?? 20_000));

const dataDir = mkdtempSync(join(tmpdir(), "bench-api-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: "127.0.0.1",
  PORT: "0",
  ADMIN_EMAIL: "bench@example.com",
  ADMIN_PASSWORD: "benchmark-password",
  SUBMIT_RATE_LIMIT: "off",
  DATABASE_URL: "",
};

function startServer() {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/api/standalone.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((res, rej) => {
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      rej(new Error(`no start within 120 s: ${out}`));
    }, 120_000);
    const on = (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res({ child, url: m[1], ms: Math.round(performance.now() - t0) });
      }
    };
    child.stdout.on("data", on);
    child.stderr.on("data", on);
    child.on("exit", (code) => rej(new Error(`server exited (${code}): ${out}`)));
  });
}

function stop(child) {
  return new Promise((r) => {
    if (child.exitCode !== null) return r();
    child.once("exit", r);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

function pct(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(name, makeRequest) {
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const deadline = performance.now() + DURATION_S * 1000;
  const t0 = performance.now();
  async function worker() {
    while (performance.now() < deadline && sent < MAX_REQUESTS) {
      sent++;
      const { url, init } = makeRequest();
      const s = performance.now();
      try {
        const res = await fetch(url, init);
        await res.arrayBuffer();
        if (res.status >= 300) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - s);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    errors,
    seconds: Number(elapsed.toFixed(2)),
    rps: Math.round(latencies.length / elapsed),
    p50_ms: Number(pct(latencies, 50).toFixed(1)),
    p99_ms: Number(pct(latencies, 99).toFixed(1)),
  };
}

let server;
try {
  const empty = await startServer();
  await stop(empty.child);
  server = await startServer();
  const existingMs = server.ms;
  const status = execFileSync(process.execPath, ["--import", "tsx", "server/cli/status.ts"], { cwd: ROOT, env }).toString();
  const anonKey = /ANON_KEY=(\S+)/.exec(status)[1];
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const listUrl = `${server.url}/rest/v1/blog_posts?select=id,slug,title,excerpt,category,is_popular,hero_image_url,created_at,read_time,country&published=eq.true&order=created_at.desc`;

  // warm-up
  await load("warm-up", () => ({ url: listUrl, init: { headers: { ...headers, "Accept-Profile": "public" } } }));
  const list = await load("GET published posts", () => ({ url: listUrl, init: { headers: { ...headers, "Accept-Profile": "public" } } }));
  const submit = await load("POST submit-form", () => ({
    url: `${server.url}/functions/v1/submit-form`,
    init: {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        // A sales lead: demo bookings are unique per slot, so thousands of them cannot hit one slot.
        formType: "sales_lead",
        payload: {
          fullName: "Bench Mark",
          email: "bench@example.com",
          countryCode: "+971",
          phoneNumber: "501234567",
          phone: "+971501234567",
          country: "UAE",
          city: "",
          company: "",
          preferredCallTime: "9-5",
        },
        path: "/",
        locale: "en",
        submissionId: randomUUID(),
      }),
    },
  }));
  const result = {
    machine: {
      cpus: (await import("node:os")).cpus().length,
      node: process.version,
      loadavg: (await import("node:os")).loadavg().map((x) => x.toFixed(2)),
    },
    settings: { durationSeconds: DURATION_S, concurrency: CONCURRENCY, maxRequests: MAX_REQUESTS },
    startMs: { emptyDataDir: empty.ms, existingDataDir: existingMs },
    load: [list, submit],
  };
  console.log(`start: empty data dir ${empty.ms} ms, existing data dir ${existingMs} ms`);
  for (const r of result.load) {
    console.log(
      `${r.name.padEnd(22)} ${String(r.rps).padStart(6)} req/s   p50 ${r.p50_ms} ms   p99 ${r.p99_ms} ms   (${r.requests} requests, ${r.errors} errors, ${r.seconds} s, ${CONCURRENCY} concurrent)`,
    );
  }
  console.log(JSON.stringify(result));
} finally {
  if (server) await stop(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
