#!/usr/bin/env node
/**
 * Analytics benchmark (`npm run bench:analytics`, docs/analytics.md). A benchmark, not a test: it prints
 * numbers and never fails on them. Every figure has its reference measured in the same run.
 *
 * Part 1, the beacon beside cached pages (BENCH_PART=beacon). The production server (`server/main.ts` with
 * the flags of `npm run serve`, build/ from `npm run build`; embedded PGlite on a fresh data directory, or
 * PostgreSQL with BENCH_DATABASE_URL) takes two open-loop loads, each from a child process of its own:
 *   - pages: BENCH_PAGE_RATE (300) requests per second, alternately `/` and `/en/blog` (cached, brotli),
 *     over keep-alive connections; each request's latency is counted from the moment it was due, so a stall
 *     of the server also counts for the requests that waited behind it (no coordinated omission);
 *   - beacon: BENCH_EVENT_RATE (5,000) page views / form events per second to POST /api/event, one event per
 *     request, pipelined (at most BENCH_EVENT_PIPELINE, 64, waiting on each; 1 sends as a browser does, one
 *     at a time) over BENCH_EVENT_CONNECTIONS (8) raw sockets, sent on a clock (not when an answer
 *     comes back); a request that cannot be sent because 64 already wait on every connection is counted as
 *     missed, so the achieved rate is what the server really answered. The events come from one browser
 *     (one visitor), or with BENCH_VISITORS=n from n browsers in turn (a user agent each, four events each
 *     time: the roll-up's visitor sets grow as on a site with that many visitors).
 *   Phases of BENCH_DURATION (15) s, pages alone (A) and pages + beacon (B), interleaved BENCH_PAIRS (4) times
 *   (A B A B …): the machine is shared and noisy, so the figures are the medians of each kind of phase.
 *   Reference (scripts/lib/nginx.mjs, unless BENCH_NGINX=off or nginx is absent): after each server pair, the
 *   same two phases against nginx on BENCH_PORT + 1, serving the server's own brotli bytes of the two pages
 *   with its headers, and `location = /api/event { return 204; }`: what p99 ratio B/A the machine itself
 *   shows under the same loads.
 *   Printed: p50/p90/p99 of the pages per phase, their medians and the p99 ratio B/A (server and nginx),
 *   achieved beacon rate and its answers, the server's (and nginx's) CPU per phase, the server's RSS (every
 *   process of it) idle and at peak, and events answered 204 → rows written. The server gets the
 *   environment, so PAGE_THREADS and PAGE_THREADS_MAIN_LISTENS (docs/serving.md) can be compared.
 *
 * Part 2, the admin page's reads over many stored events (BENCH_PART=reads). A private PostgreSQL cluster
 * (Debian's, under TMPDIR, port BENCH_PG_PORT 4790, or BENCH_DATABASE_URL) is migrated by the server, then
 * BENCH_EVENTS (10,000,000) raw events are generated in SQL (generate_series) over BENCH_DAYS (180) days
 * (so that the page's second period, the 90 days before the last 90, holds data too),
 * oldest first, one day at a time, and after each day the server's own analytics job runs once
 * (server/analytics/jobs.ts: flush, roll-up of the days that received events, retention, salts) — the real
 * roll-ups of every day, as the daily job makes them. Then the server is started on that database and the
 * four calls the page makes for "last 90 days" (analytics_traffic and analytics_conversion, this period and
 * the one before, in parallel) are timed as an owner BENCH_QUERY_REPS (21) times, each beside a one-row REST
 * read of the same server in the same loop (reference). Printed too: the roll-up rows the two functions read
 * for each period (daily rows at the period's ends, weeks and four-week blocks: public.analytics_period_pieces)
 * against the daily rows of the period.
 *
 * Environment: BENCH_PART (all | beacon | reads), BENCH_PORT (4780), BENCH_PG_PORT (4790), BENCH_DURATION,
 * BENCH_PAIRS, BENCH_PAGE_RATE, BENCH_EVENT_RATE, BENCH_EVENT_CONNECTIONS, BENCH_EVENT_PIPELINE, BENCH_VISITORS, BENCH_EVENTS, BENCH_DAYS,
 * BENCH_QUERY_REPS, BENCH_NGINX (on | off), BENCH_ANALYTICS_LISTENER (on: part 1 sends the beacon to ANALYTICS_PORT, BENCH_PORT + 2;
 * the server's ANALYTICS_LISTENER_PRIORITY, idle or normal, is passed on), BENCH_DATABASE_URL (use this PostgreSQL instead of PGlite / a private cluster; its
 * database is changed), BENCH_PROFILE=dir (part 1: the server writes CPU profiles there, `--cpu-prof`).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hasNginx, startNginx } from "./lib/nginx.mjs";

const self = fileURLToPath(import.meta.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The value at quantile q (0–1) of sorted numbers. */
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x, d = 1) => Number(x.toFixed(d));
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// ------------------------------------------------------------------------------------------------ load children
// Each load runs in a process of its own (`node bench-analytics.mjs --load '{json}'`), so that neither the
// other load nor this orchestrating process delays its clock; it reports one JSON message and exits.

/** Open-loop beacon load: raw pipelined HTTP/1.1 requests on a clock. */
async function beaconLoad({ port, rate, seconds, connections, pipeline, visitors = 1 }) {
  const events = [
    { k: "view", p: "/en/contact", l: "en", f: ["sales_lead", "newsletter"] },
    { k: "view", p: "/", l: "ar", t: { source: "google", medium: "organic", landingPage: "/", at: "2026-11-27T10:00:00.000Z" } },
    {
      k: "view",
      p: "/en/blog",
      l: "en",
      f: ["newsletter"],
      t: { source: "newsletter", medium: "email", campaign: "bench", landingPage: "/en/blog", at: "2026-11-27T10:00:00.000Z" },
    },
    { k: "form_start", p: "/en/contact", l: "en", f: "sales_lead" },
  ];
  const bodies = events.map((e) => JSON.stringify(e));
  const request = (body, ua) =>
    Buffer.from(
      `POST /api/event HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/plain;charset=UTF-8\r\nUser-Agent: ${ua}\r\n` +
        `Origin: http://127.0.0.1:${port}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  // One browser sends every event (visitors 1: one visitor for the day), or each run of the four events
  // comes from the next of `visitors` browsers (a user agent each, so a visitor hash each), in turn.
  const same = bodies.map((b) => request(b, UA));
  const requestAt = (n) =>
    visitors <= 1 ? same[n % same.length] : request(bodies[n % bodies.length], `${UA} b/${Math.floor(n / bodies.length) % visitors}`);
  // Requests a connection may have waiting for their answer: 64 pipelines them; 1 is what a browser does
  // (one request at a time on a keep-alive connection), so every answer is a write of its own on both sides.
  const MAX_WAITING = pipeline;
  const result = { sent: 0, missed: 0, statuses: {}, socketErrors: 0, latencies: [] };
  const conns = await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise((resolve, reject) => {
          const c = { socket: net.connect(port, "127.0.0.1"), sentAt: [], head: 0, pending: "" };
          c.socket.setNoDelay(true);
          c.socket.once("connect", () => resolve(c));
          c.socket.once("error", reject);
        }),
    ),
  );
  for (const c of conns) {
    c.socket.on("error", () => result.socketErrors++);
    c.socket.on("data", (chunk) => {
      c.pending += chunk.toString("latin1");
      for (;;) {
        const end = c.pending.indexOf("\r\n\r\n");
        if (end < 0) break;
        const head = c.pending.slice(0, end);
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (c.pending.length < end + 4 + length) break;
        c.pending = c.pending.slice(end + 4 + length);
        const status = head.slice(9, 12);
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        result.latencies.push(performance.now() - c.sentAt[c.head++]);
      }
      if (c.head > 4096) {
        c.sentAt = c.sentAt.slice(c.head);
        c.head = 0;
      }
    });
  }
  const t0 = performance.now();
  let next = 0;
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      if (now - t0 >= seconds * 1000) {
        clearInterval(tick);
        resolve();
        return;
      }
      let due = Math.floor((rate * (now - t0)) / 1000) - result.sent - result.missed;
      const out = conns.map(() => []);
      while (due-- > 0) {
        // the connection with the fewest requests waiting
        let best = -1;
        let least = MAX_WAITING;
        for (let i = 0; i < conns.length; i++) {
          const waiting = conns[i].sentAt.length - conns[i].head + out[i].length;
          if (waiting < least) {
            least = waiting;
            best = i;
          }
        }
        if (best < 0) {
          result.missed++;
          continue;
        }
        out[best].push(requestAt(next++));
        result.sent++;
      }
      const at = performance.now();
      out.forEach((reqs, i) => {
        if (!reqs.length) return;
        for (let n = 0; n < reqs.length; n++) conns[i].sentAt.push(at);
        conns[i].socket.write(reqs.length === 1 ? reqs[0] : Buffer.concat(reqs));
      });
    }, 2);
  });
  const elapsed = (performance.now() - t0) / 1000;
  // Let the last answers arrive (at most 5 s).
  for (let i = 0; i < 50 && conns.some((c) => c.sentAt.length > c.head); i++) await sleep(100);
  for (const c of conns) c.socket.destroy();
  const l = result.latencies.sort((a, b) => a - b);
  return {
    cpuMs: cpuMs(),
    seconds: elapsed,
    sent: result.sent,
    missed: result.missed,
    unanswered: conns.reduce((n, c) => n + c.sentAt.length - c.head, 0),
    statuses: result.statuses,
    socketErrors: result.socketErrors,
    accepted: result.statuses["204"] ?? 0,
    p50: quantile(l, 0.5),
    p99: quantile(l, 0.99),
  };
}

/** Open-loop page load: GETs on a clock over keep-alive connections; latency from when each was due. */
async function pageLoad({ port, rate, seconds, paths }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies = [];
  let errors = 0;
  let sent = 0;
  let bytes = 0;
  const inflight = new Set();
  const get = (p, due) =>
    new Promise((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path: p, agent, headers: { "User-Agent": UA, "Accept-Encoding": "br" } }, (res) => {
        res.on("data", (d) => (bytes += d.length));
        res.on("end", () => {
          if (res.statusCode === 200) latencies.push(performance.now() - due);
          else errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  const t0 = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      if (now - t0 >= seconds * 1000) {
        clearInterval(tick);
        resolve();
        return;
      }
      while (sent < Math.floor((rate * (now - t0)) / 1000)) {
        const due = t0 + (sent * 1000) / rate;
        const p = get(paths[sent % paths.length], due);
        inflight.add(p);
        void p.then(() => inflight.delete(p));
        sent++;
      }
    }, 1);
  });
  await Promise.race([Promise.all(inflight), sleep(10_000)]);
  agent.destroy();
  const l = latencies.sort((a, b) => a - b);
  return {
    cpuMs: cpuMs(),
    sent,
    ok: l.length,
    errors,
    bytesPerPage: Math.round(bytes / Math.max(1, l.length)),
    p50: quantile(l, 0.5),
    p90: quantile(l, 0.9),
    p99: quantile(l, 0.99),
    max: l.at(-1) ?? NaN,
  };
}

if (process.argv[2] === "--load") {
  const spec = JSON.parse(process.argv[3]);
  const out = spec.kind === "beacon" ? await beaconLoad(spec) : await pageLoad(spec);
  process.send(out, () => process.exit(0));
} else {
  await main();
}

/** Runs one load child and resolves with its report. */
function load(spec) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, "--load", JSON.stringify(spec)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let report = null;
    child.on("message", (m) => (report = m));
    child.on("exit", (code) => (report ? resolve(report) : reject(new Error(`${spec.kind} load exited with ${code}`))));
  });
}

// -------------------------------------------------------------------------------------------------- main

async function main() {
  const { ensureBuild, ensureSupportedNode, root } = await import("./lib/setup.mjs");
  const { SERVER_ARGS } = await import("./lib/server-command.mjs");
  await ensureSupportedNode();
  ensureBuild();

  const PART = process.env.BENCH_PART ?? "all";
  const PORT = Number(process.env.BENCH_PORT ?? 4780);
  const base = `http://127.0.0.1:${PORT}`;
  const ADMIN = { email: "bench@example.com", password: "bench password that is long enough" };
  const JWT_SECRET = "bench-analytics-secret-that-is-long-enough-0123456789";
  const { apiKeys } = await import(path.join(root, "server/api/jwt.ts"));
  const { anonKey: anon, serviceRoleKey } = apiKeys(JWT_SECRET);
  const work = mkdtempSync(path.join(tmpdir(), "bench-analytics-"));
  const started = [];

  /** The production server (the flags of `npm run serve`), on PGlite in `dataDir` or on `databaseUrl`. */
  async function start({ dataDir, databaseUrl, extraArgs = [], env = {} }) {
    // BENCH_SERVER_FLAGS: more Node flags for the server (e.g. --trace-gc); BENCH_SERVER_LOG: a file for its output.
    const flags = (process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean);
    const out = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore";
    const child = spawn(process.execPath, [...flags, ...extraArgs, ...SERVER_ARGS], {
      cwd: root,
      stdio: ["ignore", out, "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir ?? path.join(work, "unused"),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        JWT_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ANALYTICS_RATE_LIMIT: "off",
        ANALYTICS_RAW_DAYS: "400",
        ANALYTICS_WEEKLY_REPORT: "off",
        LOG_LEVEL: "warn",
        ...env,
      },
    });
    started.push(child);
    for (let i = 0; i < 3000; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        const r = await fetch(`${base}/`, { headers: { "User-Agent": UA } });
        await r.arrayBuffer();
        if (r.ok) return child;
      } catch {
        /* not up yet */
      }
      await sleep(100);
    }
    throw new Error("the server did not start");
  }
  async function stop(child) {
    if (child.exitCode !== null) return;
    const done = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([done, sleep(30_000)]);
  }
  /** A process and all its descendants (cluster workers). */
  function tree(pid) {
    const children = new Map();
    for (const e of readdirSync("/proc")) {
      if (!/^\d+$/.test(e)) continue;
      try {
        const stat = readFileSync(`/proc/${e}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (!children.has(ppid)) children.set(ppid, []);
        children.get(ppid).push(Number(e));
      } catch {
        /* gone */
      }
    }
    const all = [];
    const visit = (p) => {
      all.push(p);
      for (const c of children.get(p) ?? []) visit(c);
    };
    visit(pid);
    return all;
  }
  /** RSS of the server (every process of it), MB. */
  const treeRssMb = (pid) =>
    tree(pid).reduce((kb, p) => {
      try {
        return kb + Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
      } catch {
        return kb;
      }
    }, 0) / 1024;
  /** utime + stime of a /proc stat file (a process's or a thread's), ms; 0 once it is gone. */
  const statCpuMs = (file) => {
    try {
      const stat = readFileSync(file, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // in clock ticks (100/s)
    } catch {
      return 0;
    }
  };
  /** CPU time the server has used (every process and thread of it), ms. */
  const treeCpuMs = (pid) => tree(pid).reduce((ms, p) => ms + statCpuMs(`/proc/${p}/stat`), 0);
  /** CPU time of the server's threads by name (MainThread, WorkerThread = the page thread, V8Worker = GC helpers…), ms. */
  const threadCpuMs = (pid) => {
    const by = {};
    for (const p of tree(pid)) {
      let tasks = [];
      try {
        tasks = readdirSync(`/proc/${p}/task`);
      } catch {
        continue;
      }
      for (const t of tasks) {
        try {
          const name = readFileSync(`/proc/${p}/task/${t}/comm`, "utf8").trim();
          by[name] = (by[name] ?? 0) + statCpuMs(`/proc/${p}/task/${t}/stat`);
        } catch {
          /* gone */
        }
      }
    }
    return by;
  };
  const load1 = () => loadavg()[0].toFixed(1);

  try {
    if (PART === "all" || PART === "beacon") await beaconPart();
    if (PART === "all" || PART === "reads") await readsPart();
  } finally {
    for (const c of started) await stop(c);
    rmSync(work, { recursive: true, force: true });
  }

  // ------------------------------------------------------------------------------ part 1: beacon beside pages
  async function beaconPart() {
    const DURATION = Number(process.env.BENCH_DURATION ?? 15);
    const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
    const PAGE_RATE = Number(process.env.BENCH_PAGE_RATE ?? 300);
    const EVENT_RATE = Number(process.env.BENCH_EVENT_RATE ?? 5000);
    const CONNECTIONS = Number(process.env.BENCH_EVENT_CONNECTIONS ?? 8);
    const PIPELINE = Number(process.env.BENCH_EVENT_PIPELINE ?? 64);
    const VISITORS = Number(process.env.BENCH_VISITORS ?? 1);
    const paths = ["/", "/en/blog"];
    const profile = process.env.BENCH_PROFILE;
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (profile) mkdirSync(profile, { recursive: true });
    // BENCH_ANALYTICS_LISTENER=on: the beacon goes to the analytics listener (ANALYTICS_PORT = BENCH_PORT + 2),
    // as a proxy in front sends it there (deploy/haproxy); the pages to the site's port.
    const listener = process.env.BENCH_ANALYTICS_LISTENER === "on";
    const server = await start({
      dataDir: path.join(work, "pglite"),
      databaseUrl,
      extraArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
      env: listener ? { ANALYTICS_PORT: String(PORT + 2) } : {},
    });
    const countRows = async () => {
      const r = await fetch(`${base}/rest/v1/analytics_events?select=id`, {
        method: "HEAD",
        headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, Prefer: "count=exact" },
      });
      return Number(r.headers.get("content-range")?.split("/")[1] ?? NaN);
    };
    const rowsBefore = await countRows();
    for (let i = 0; i < 300; i++) {
      const r = await fetch(`${base}${paths[i % 2]}`, { headers: { "User-Agent": UA, "Accept-Encoding": "br" } });
      await r.arrayBuffer();
    }
    await sleep(3000);
    const idleRss = treeRssMb(server.pid);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRssMb(server.pid))), 250);
    const nginx = process.env.BENCH_NGINX !== "off" && hasNginx() ? await nginxReference(paths) : null;
    console.log(
      `\nPart 1: cached pages (${paths.join(", ")}) at ${PAGE_RATE}/s, alone (A) and beside the beacon at ${EVENT_RATE} events/s (B); ` +
        `${PAIRS} × A B, ${DURATION} s each, ${databaseUrl ? "PostgreSQL" : "PGlite"}` +
        `; beacon from ${VISITORS === 1 ? "one visitor" : `${VISITORS.toLocaleString("en")} visitors in turn`} on ${CONNECTIONS} connections, ${PIPELINE === 1 ? "one request at a time on each" : `up to ${PIPELINE} pipelined on each`}` +
        `${process.env.PAGE_THREADS ? `, PAGE_THREADS=${process.env.PAGE_THREADS}` : ""}` +
        `${process.env.PAGE_THREADS_MAIN_LISTENS ? `, PAGE_THREADS_MAIN_LISTENS=${process.env.PAGE_THREADS_MAIN_LISTENS}` : ""}` +
        `${listener ? `; the beacon to the analytics listener (ANALYTICS_PORT ${PORT + 2}, priority ${process.env.ANALYTICS_LISTENER_PRIORITY || "idle"})` : ""}` +
        `${nginx ? `; nginx reference after each pair (nA nB)` : "; no nginx reference"}; load average ${load1()}`,
    );
    const phases = [];
    let accepted = 0;
    /** One phase against `target` (the server, or nginx): pages alone, or pages beside the beacon. */
    async function phase(kind, target, pair) {
      const withBeacon = kind.endsWith("B");
      const loadAvg = load1();
      const beacon = withBeacon
        ? load({
            kind: "beacon",
            port: target.beaconPort ?? target.port,
            rate: EVENT_RATE,
            seconds: DURATION + 3,
            connections: CONNECTIONS,
            pipeline: PIPELINE,
            visitors: VISITORS,
          })
        : null;
      if (beacon) await sleep(2000);
      const cpu0 = treeCpuMs(target.pid);
      const threads0 = threadCpuMs(target.pid);
      const w0 = performance.now();
      const pages = await load({ kind: "pages", port: target.port, rate: PAGE_RATE, seconds: DURATION, paths });
      // its CPU while the pages were measured, in cores (1 = one core busy all the time)
      const wall = performance.now() - w0;
      const serverCpu = (treeCpuMs(target.pid) - cpu0) / wall;
      const threads1 = threadCpuMs(target.pid);
      const threadCpu = Object.entries(threads1)
        .map(([name, ms]) => [name, (ms - (threads0[name] ?? 0)) / wall])
        .filter(([, cores]) => cores >= 0.005)
        .sort((a, b) => b[1] - a[1])
        .map(([name, cores]) => `${name} ${round(cores, 2)}`)
        .join(", ");
      const b = beacon ? await beacon : null;
      if (b && target.pid === server.pid) accepted += b.accepted;
      const p = { phase: kind, pages, beacon: b, loadAvg, serverCpu };
      phases.push(p);
      console.log(
        `  ${kind}${pair + 1}: pages p50 ${round(pages.p50)} p90 ${round(pages.p90)} p99 ${round(pages.p99)} ms, ` +
          `${pages.ok}/${pages.sent} ok, ${pages.errors} errors` +
          (b
            ? ` | beacon ${Math.round(b.accepted / b.seconds)}/s answered 204 (${b.sent} sent, ${b.missed} missed, ` +
              `statuses ${JSON.stringify(b.statuses)}, ${b.unanswered} unanswered, p99 ${round(b.p99)} ms)`
            : "") +
          ` | ${target.pid === server.pid ? "server" : "nginx"} CPU ${round(serverCpu, 2)} cores${threadCpu && target.pid === server.pid ? ` (${threadCpu})` : ""}, load generators ${round((pages.cpuMs + (b?.cpuMs ?? 0)) / 1000, 1)} s CPU` +
          ` | load ${loadAvg}`,
      );
      await sleep(2000);
    }
    try {
      for (let pair = 0; pair < PAIRS; pair++) {
        for (const kind of ["A", "B"]) await phase(kind, { port: PORT, beaconPort: listener ? PORT + 2 : PORT, pid: server.pid }, pair);
        if (nginx) for (const kind of ["nA", "nB"]) await phase(kind, { port: nginx.port, pid: nginx.child.pid }, pair);
      }
    } finally {
      await nginx?.stop();
    }
    clearInterval(sampler);
    await sleep(2500); // the last flush (ANALYTICS_FLUSH_MS)
    const rowsAfter = await countRows();
    const of = (kind, f) => phases.filter((p) => p.phase === kind).map(f);
    const summary = {};
    const labels = { A: "A: pages alone", B: `B: pages + beacon at ${EVENT_RATE}/s`, nA: "nginx A", nB: "nginx B" };
    for (const kind of nginx ? ["A", "B", "nA", "nB"] : ["A", "B"]) {
      summary[labels[kind]] = {
        "p50 ms": round(median(of(kind, (p) => p.pages.p50))),
        "p90 ms": round(median(of(kind, (p) => p.pages.p90))),
        "p99 ms": round(median(of(kind, (p) => p.pages.p99))),
        "page errors": of(kind, (p) => p.pages.errors).reduce((a, b) => a + b, 0),
        "beacon 204/s": kind.endsWith("B") ? Math.round(median(of(kind, (p) => p.beacon.accepted / p.beacon.seconds))) : "",
        "CPU (cores)": round(median(of(kind, (p) => p.serverCpu)), 2),
      };
    }
    console.table(summary);
    const ratioLine = (a, b) => {
      const ratios = of(b, (p) => p.pages.p99).map((x, i) => x / of(a, (p) => p.pages.p99)[i]);
      const medRatio = median(of(b, (p) => p.pages.p99)) / median(of(a, (p) => p.pages.p99));
      return (
        `ratio of the medians ${round(medRatio, 2)} (${round((medRatio - 1) * 100)} %), ` +
        `per pair ${ratios.map((r) => round(r, 2)).join(", ")} (median ${round(median(ratios), 2)})`
      );
    };
    console.log(`p99 B/A, server: ${ratioLine("A", "B")}`);
    if (nginx) console.log(`p99 B/A, nginx (reference): ${ratioLine("nA", "nB")}`);
    const beaconRate = median(of("B", (p) => p.beacon.accepted / p.beacon.seconds));
    const cpuPerEvent = ((median(of("B", (p) => p.serverCpu)) - median(of("A", (p) => p.serverCpu))) / beaconRate) * 1e6;
    console.log(`server CPU per beacon event (B − A over the answered rate): ${round(cpuPerEvent)} µs`);
    console.log(
      `RSS of the server: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB | ` +
        `events answered 204: ${accepted.toLocaleString("en")}, rows written: ${(rowsAfter - rowsBefore).toLocaleString("en")}`,
    );
    await stop(server);
  }

  /**
   * nginx on BENCH_PORT + 1 serving what the server answers for `paths` (its brotli bytes, with its headers)
   * and 204 to the beacon: part 1's reference (scripts/lib/nginx.mjs).
   */
  async function nginxReference(paths) {
    const www = path.join(work, "www");
    mkdirSync(www, { recursive: true, mode: 0o755 });
    // Headers of one answer, not of the bytes: nginx writes these itself, or they change per request.
    const own = new Set([
      "date",
      "content-length",
      "content-type",
      "connection",
      "keep-alive",
      "transfer-encoding",
      "x-request-id",
      "etag",
    ]);
    const quote = (v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
    const pages = [];
    for (const [i, p] of paths.entries()) {
      // The bytes as sent (fetch would decompress them).
      const r = await new Promise((resolve, reject) => {
        const req = http.get({ host: "127.0.0.1", port: PORT, path: p, headers: { "User-Agent": UA, "Accept-Encoding": "br" } }, (res) => {
          const chunks = [];
          res.on("data", (d) => chunks.push(d));
          res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
      });
      if (r.status !== 200 || r.headers["content-encoding"] !== "br")
        throw new Error(`${p}: ${r.status}, ${r.headers["content-encoding"]}`);
      const file = path.join(www, `p${i}.br`);
      writeFileSync(file, r.body, { mode: 0o644 });
      const headers = Object.entries(r.headers).filter(([k, v]) => typeof v === "string" && !own.has(k) && !v.includes("$"));
      pages.push({ path: p, file, type: r.headers["content-type"], etag: r.headers.etag, headers, bytes: r.body.length });
    }
    const locations = pages
      .map(
        (pg, i) =>
          // "/" is a directory to nginx's static module: each page is rewritten to an internal location.
          `    location = ${pg.path} { rewrite ^ /p${i} last; }\n` +
          `    location = /p${i} { internal; default_type ${quote(pg.type)}; alias ${pg.file}; etag off;\n` +
          pg.headers.map(([k, v]) => `      add_header ${k} ${quote(v)};\n`).join("") +
          (pg.etag ? `      add_header ETag ${quote(pg.etag)};\n` : "") +
          `    }`,
      )
      .join("\n");
    const port = PORT + 1;
    const nginx = await startNginx({
      prefix: path.join(work, "nginx"),
      port,
      http: "  sendfile on;\n  tcp_nopush on;\n  types {}",
      server: `${locations}\n    location = /api/event { return 204; }`,
    });
    // The reference must answer with the very bytes the server gave, or its figures mean nothing.
    for (const pg of pages) {
      const probe = await new Promise((resolve, reject) => {
        const req = http.get({ host: "127.0.0.1", port, path: pg.path, headers: { "User-Agent": UA, "Accept-Encoding": "br" } }, (res) => {
          let n = 0;
          res.on("data", (d) => (n += d.length));
          res.on("end", () => resolve({ status: res.statusCode, bytes: n, encoding: res.headers["content-encoding"] }));
        });
        req.on("error", reject);
      });
      if (probe.status !== 200 || probe.bytes !== pg.bytes || probe.encoding !== "br") {
        await nginx.stop();
        throw new Error(`nginx answers ${pg.path} with ${JSON.stringify(probe)}, not 200, br and ${pg.bytes} bytes`);
      }
    }
    return { ...nginx, port };
  }

  // ------------------------------------------------------------------------ part 2: the admin page's reads
  async function readsPart() {
    const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
    const DAYS = Number(process.env.BENCH_DAYS ?? 180);
    const REPS = Number(process.env.BENCH_QUERY_REPS ?? 21);
    let url = process.env.BENCH_DATABASE_URL;
    let stopCluster = () => undefined;
    if (!url) ({ url, stopCluster } = startCluster(Number(process.env.BENCH_PG_PORT ?? 4790)));
    try {
      console.log(`\nPart 2: the admin page's reads over ${EVENTS.toLocaleString("en")} events in ${DAYS} days (PostgreSQL)`);
      // The server creates the schema (migrations) and the owner, then stops: the seeding runs alone.
      await stop(await start({ databaseUrl: url, env: { WEB_CONCURRENCY: "1" } }));
      if (process.env.BENCH_SEED !== "0") await seed();
      await timeReads();
    } finally {
      stopCluster();
    }

    async function seed() {
      const { openPostgres } = await import(path.join(root, "server/db/database.ts"));
      const { startCollector } = await import(path.join(root, "server/analytics/collector.ts"));
      const { startAnalyticsJobs } = await import(path.join(root, "server/analytics/jobs.ts"));
      const db = await openPostgres(url);
      const log = { info: () => undefined, error: (m, x) => console.error(m, x) };
      const env = { ANALYTICS_RAW_DAYS: "400", ANALYTICS_WEEKLY_REPORT: "off", ANALYTICS_ROLLUP_MS: "3600000" };
      const collector = startCollector({ db, site: base, env, log });
      const jobs = startAnalyticsJobs({ db, collector, env, log });
      const today = new Date().toISOString().slice(0, 10);
      const perDay = Math.floor(EVENTS / DAYS);
      let insertMs = 0;
      let rollupMs = 0;
      const t0 = performance.now();
      for (let d = DAYS - 1; d >= 0; d--) {
        const from = (DAYS - 1 - d) * perDay;
        const to = (d === 0 ? EVENTS : from + perDay) - 1;
        let t = performance.now();
        // One day's events: views (60 %) and form events; 400 pages per language, 8 channels, sources,
        // campaigns, three devices; about 40,000 visitors a day, some with several events. Each page carries
        // the forms a page of its kind has (the newsletter everywhere, the article booking on articles, the
        // sales lead and the demo booking on a few pages), and form events happen only where their form is.
        await db.query(
          `insert into public.analytics_events (at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms)
           select $3::date + make_interval(secs => (i * 7919) % 86400), $3::date, k.kind,
                  case when i % 3 = 0 then '/en' else '' end || case when pp.n = 0 then '/' else '/p/' || pp.n end,
                  case when i % 3 = 0 then 'en' else 'ar' end,
                  left(md5(((i * 48271) % ($2::bigint - $1::bigint + 1) * 10 / 27)::text || $3::text), 22),
                  (array['direct','organic_search','paid_search','social','email','whatsapp','referral','other_campaign'])[1 + i % 8],
                  (array[null,'google','facebook','newsletter','whatsapp','linkedin'])[1 + i % 6],
                  (array[null,null,'dubai-q4','toronto-launch','spring-sale'])[1 + i % 5],
                  (array['mobile','mobile','desktop','tablet'])[1 + i % 4],
                  case when k.kind = 'view' then null else ff.forms[1 + (i / 7) % cardinality(ff.forms)] end,
                  case when k.kind = 'view' then ff.forms end
             from generate_series($1::bigint, $2::bigint) as i
            cross join lateral (select (i * 2654435761 / 1024) % 400 as n) pp
            cross join lateral (select array_remove(array['newsletter',
                                         case when pp.n % 2 = 0 then 'article_booking' end,
                                         case when pp.n % 10 = 1 then 'sales_lead' end,
                                         case when pp.n % 20 = 3 then 'demo_booking' end], null) as forms) ff
            cross join lateral (select case when (i * 40503 / 64) % 10 < 6 then 'view' when (i * 40503 / 64) % 10 < 8 then 'form_start'
                                            when (i * 40503 / 64) % 10 = 8 then 'form_submit'
                                            else (array['form_stored','form_error'])[1 + (i / 10) % 2] end as kind) k`,
          [from, to, addDays(today, -d)],
        );
        insertMs += performance.now() - t;
        t = performance.now();
        const { rolledDays } = await jobs.run();
        rollupMs += performance.now() - t;
        if (process.stdout.isTTY) process.stdout.write(`\r  day ${DAYS - d}/${DAYS}: ${to + 1} events, rolled up ${rolledDays.join(", ")}`);
        else if ((DAYS - d) % 10 === 0)
          console.log(
            `  day ${DAYS - d}/${DAYS}: ${to + 1} events, ${(insertMs / 1000).toFixed(0)} s inserting, ${(rollupMs / 1000).toFixed(0)} s rolling up`,
          );
      }
      const seedMs = performance.now() - t0;
      await db.query(
        "vacuum analyze public.analytics_events, public.analytics_daily, public.analytics_form_daily, public.analytics_blocks, public.analytics_form_blocks",
      );
      const facts = (
        await db.query(
          `select (select count(*) from public.analytics_events)::bigint as events,
                  (select count(distinct day) from public.analytics_events)::int as days,
                  (select count(*) from public.analytics_daily)::int as daily,
                  (select count(*) from public.analytics_form_daily)::int as form_daily,
                  (select count(*) from public.analytics_blocks)::int as blocks,
                  (select count(*) from public.analytics_form_blocks)::int as form_blocks,
                  pg_size_pretty(pg_database_size(current_database())) as db_size,
                  pg_size_pretty(pg_total_relation_size('public.analytics_events')) as events_size,
                  pg_size_pretty(pg_total_relation_size('public.analytics_daily') + pg_total_relation_size('public.analytics_form_daily') +
                                 pg_total_relation_size('public.analytics_blocks') + pg_total_relation_size('public.analytics_form_blocks')) as rollup_size`,
        )
      ).rows[0];
      await jobs.stop();
      await collector.stop();
      await db.close();
      console.log(
        `\n  seeded ${Number(facts.events).toLocaleString("en")} events on ${facts.days} days in ${(seedMs / 1000).toFixed(0)} s ` +
          `(inserts ${(insertMs / 1000).toFixed(0)} s, the job's roll-ups ${(rollupMs / 1000).toFixed(0)} s); ` +
          `roll-up rows: ${facts.daily.toLocaleString("en")} traffic, ${facts.form_daily.toLocaleString("en")} form, ` +
          `weeks and four-week blocks ${facts.blocks.toLocaleString("en")} traffic, ${facts.form_blocks.toLocaleString("en")} form; ` +
          `database ${facts.db_size} (raw events ${facts.events_size}, roll-ups ${facts.rollup_size})`,
      );
    }

    async function timeReads() {
      const today = new Date().toISOString().slice(0, 10);
      await rowsRead([addDays(today, -89), today], [addDays(today, -179), addDays(today, -90)]);

      const server = await start({ databaseUrl: url });
      const signIn = await fetch(`${base}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: anon, "Content-Type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      const { access_token: token } = await signIn.json();
      const headers = { apikey: anon, Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      const rpc = (fn, from, to) =>
        fetch(`${base}/rest/v1/rpc/${fn}`, { method: "POST", headers, body: JSON.stringify({ p_from: from, p_to: to }) }).then(
          async (r) => {
            if (!r.ok) throw new Error(`${fn}: ${r.status} ${await r.text()}`);
            return r.json();
          },
        );
      // "Last 90 days" as the page asks it (src/features/admin-analytics/lib/period.ts): today and the 89 before,
      // and the 90 days before those.
      const page = () =>
        Promise.all([
          rpc("analytics_traffic", addDays(today, -89), today),
          rpc("analytics_traffic", addDays(today, -179), addDays(today, -90)),
          rpc("analytics_conversion", addDays(today, -89), today),
          rpc("analytics_conversion", addDays(today, -179), addDays(today, -90)),
        ]);
      const one = () => rpc("analytics_traffic", addDays(today, -89), today);
      const ref = () =>
        fetch(`${base}/rest/v1/markets?select=id&limit=1`, { headers }).then(async (r) => {
          if (!r.ok) throw new Error(`markets: ${r.status}`);
          return r.json();
        });
      const first = await page();
      await one();
      await ref();
      const pageMs = [];
      const oneMs = [];
      const refMs = [];
      const time = async (f, into) => {
        const t = performance.now();
        await f();
        into.push(performance.now() - t);
      };
      for (let i = 0; i < REPS; i++) {
        await time(page, pageMs);
        await time(one, oneMs);
        await time(ref, refMs);
      }
      console.log(`  Admin → Analytics, last 90 days, ${REPS} runs, load average ${load1()}`);
      const row = (xs) => ({ "median ms": round(median(xs)), "min ms": round(Math.min(...xs)), "max ms": round(Math.max(...xs)) });
      console.table({
        "the page's 4 calls (parallel)": row(pageMs),
        "one analytics_traffic call": row(oneMs),
        "reference: one-row REST read": row(refMs),
      });
      const funnel = first[2].funnels.find((f) => f.form === "sales_lead");
      console.log(
        `  in the period: ${first[0].views.toLocaleString("en")} views, ${first[0].visitors.toLocaleString("en")} visitors, ` +
          `${first[0].daily.length} days; sales_lead funnel ${funnel ? `${funnel.views}/${funnel.started}/${funnel.submitted}/${funnel.stored}` : "none"}`,
      );
      await stop(server);
    }

    /** The roll-up rows the two functions read for each period, beside the period's daily rows. */
    async function rowsRead(...periods) {
      const { openPostgres } = await import(path.join(root, "server/db/database.ts"));
      const db = await openPostgres(url);
      for (const [from, to] of periods) {
        const r = (
          await db.query(
            `select (select count(*) from public.analytics_daily where day between $1::date and $2::date)::int as daily,
                    (select count(*) from public.analytics_form_daily where day between $1::date and $2::date)::int as form_daily,
                    ((select count(*) from public.analytics_daily
                      where day between $1::date and $2::date and (dim = 'total' or not (day between p.weeks_from and p.weeks_to + 6)))
                    + (select count(*) from public.analytics_blocks
                        where dim <> 'total' and ((days = 28 and day between p.blocks_from and p.blocks_to)
                          or (days = 7 and (day between p.weeks_from and p.before_to or day between p.after_from and p.weeks_to)))))::int as traffic,
                    ((select count(*) from public.analytics_form_daily
                      where day between $1::date and $2::date and not (day between p.weeks_from and p.weeks_to + 6))
                    + (select count(*) from public.analytics_form_blocks
                        where (days = 28 and day between p.blocks_from and p.blocks_to)
                          or (days = 7 and (day between p.weeks_from and p.before_to or day between p.after_from and p.weeks_to))))::int as form,
                    p.blocks_from::text as blocks_from, p.blocks_to::text as blocks_to, p.weeks_from::text as weeks_from,
                    p.before_to::text as before_to, p.after_from::text as after_from, p.weeks_to::text as weeks_to
               from public.analytics_period_pieces($1::date, $2::date) p`,
            [from, to],
          )
        ).rows[0];
        const n = (x) => x.toLocaleString("en");
        console.log(
          `  ${from}..${to}: reads ${n(r.traffic)} traffic rows (daily rows of the period: ${n(r.daily)}) and ${n(r.form)} form rows ` +
            `(${n(r.form_daily)}); blocks from ${r.blocks_from} to ${r.blocks_to}, weeks ${r.weeks_from}..${r.before_to} and ${r.after_from}..${r.weeks_to}`,
        );
      }
      await db.close();
    }
  }

  /** A private PostgreSQL cluster under TMPDIR (as scripts/ci-postgres.sh makes one), on `port`. */
  function startCluster(port) {
    const bin = ["15", "16", "17", "18"].map((v) => `/usr/lib/postgresql/${v}/bin`).find((b) => existsSync(`${b}/initdb`));
    if (!bin) throw new Error("part 2 needs PostgreSQL (Debian's postgresql package) or BENCH_DATABASE_URL");
    const dir = path.join(work, "pg");
    mkdirSync(dir, { mode: 0o700 });
    const asRoot = process.getuid?.() === 0;
    const run = (cmd, args) => {
      const r = asRoot
        ? spawnSync("runuser", ["-u", "postgres", "--", cmd, ...args], { encoding: "utf8" })
        : spawnSync(cmd, args, { encoding: "utf8" });
      if (r.status !== 0) throw new Error(`${cmd}: ${r.stderr || r.stdout}`);
    };
    if (asRoot) {
      // initdb and the server run as postgres: it needs to reach its directory.
      spawnSync("chmod", ["755", work]);
      spawnSync("chown", ["postgres:postgres", dir]);
    }
    run(`${bin}/initdb`, ["-D", `${dir}/data`, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
    run(`${bin}/pg_ctl`, [
      "-D",
      `${dir}/data`,
      "-l",
      `${dir}/server.log`,
      "-w",
      "-t",
      "60",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`,
      "start",
    ]);
    run(`${bin}/createdb`, ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "bench"]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/bench`,
      stopCluster: () => run(`${bin}/pg_ctl`, ["-D", `${dir}/data`, "-m", "fast", "stop"]),
    };
  }
}

function addDays(day, n) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
