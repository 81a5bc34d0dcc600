#!/usr/bin/env node
/**
 * Capacity benchmark (`npm run bench:capacity`): how close the server comes to a static file server
 * serving the very same bytes. A benchmark, not a test: it prints numbers and never fails on them.
 *
 *   1. builds the site when needed, starts the production server on a fresh temporary data directory
 *      (embedded PGlite) and records the time to its first 200 and its idle RSS;
 *   2. fetches each page once (gzip, as browsers get it) and writes those exact bytes to disk, then starts
 *      nginx (/usr/sbin/nginx, own temporary prefix and config, loopback port, gzip_static) on them, or,
 *      where nginx is absent, a minimal static Node server, labelled as such;
 *   3. drives both with the same load tool (wrk, else autocannon via npx) for each page at 10, 50 and
 *      200 connections, BENCH_REPS times, and prints the medians: rps, p50, p99, errors, non-2xx, ratio;
 *      the server's RSS is sampled throughout;
 *   4. stops the server, tops the blog up to one full page (12 posts) with SQL directly in the data
 *      directory and measures `/blog` (render time of a page not yet cached, its size); then adds 10,000
 *      more, restarts it (time to first 200 on an existing data directory, idle RSS) and measures again.
 *
 * Environment: BENCH_DURATION (seconds per run, default 5), BENCH_REPS (default 3), BENCH_CONNECTIONS
 * ("10,50,200"), BENCH_PAGES ("/,/en,/blog,article,rest"), BENCH_PORT (default 4411 and the next one),
 * BENCH_LARGE=0 (skip step 4),
 * BENCH_SERVER_DIR (run another checkout's server, e.g. for a before/after comparison).
 */
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuild, ensureDependencies, ensureSupportedNode, root } from "./lib/setup.mjs";
import { hasNginx, startNginx } from "./lib/nginx.mjs";
import { spawnServer } from "./lib/server-command.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "10,50,200").split(",").map(Number);
const PAGES = (process.env.BENCH_PAGES ?? "/,/en,/blog,article,rest").split(",");
const PORT = Number(process.env.BENCH_PORT ?? 4411);
const serverDir = path.resolve(process.env.BENCH_SERVER_DIR ?? root);
const ADMIN = { email: "bench@example.com", password: "bench password that is long enough" };

const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const rssMb = (pid) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

if (serverDir === root) {
  // A checkout whose node_modules is a link to another checkout's (a git worktree) uses those as they are:
  // `npm ci` here would empty and rewrite the other checkout's dependencies under whoever is using them.
  if (lstatSync(path.join(root, "node_modules"), { throwIfNoEntry: false })?.isSymbolicLink()) await ensureSupportedNode();
  else await ensureDependencies();
  ensureBuild();
}

const work = mkdtempSync(path.join(tmpdir(), "bench-capacity-"));
const dataDir = path.join(work, "data");
const base = `http://127.0.0.1:${PORT}`;

/** Starts the server; resolves with the process and the ms from spawn to the first 200 of `/`. */
async function startServer() {
  const t0 = performance.now();
  const child = spawnServer({
    cwd: serverDir,
    port: PORT,
    dataDir,
    env: {
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The benchmark is one client address: keep the form and sign-in limits out of the way.
      SUBMIT_RATE_LIMIT: "100000/60",
      AUTH_SIGNIN_RATE_LIMIT: "1000/60",
      AUTH_SIGNIN_IP_RATE_LIMIT: "1000/60",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  let exited = false;
  child.on("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error("the server exited during start-up");
    try {
      const r = await fetch(`${base}/`);
      await r.arrayBuffer();
      if (r.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  return { child, firstOkMs: performance.now() - t0 };
}

/** Children still running when the benchmark ends (normally or not) are stopped. */
const children = new Set();
process.on("exit", () => {
  // SIGTERM: nginx's master then stops its workers; the server shuts down cleanly.
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([done, sleep(10_000)]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

// ── 1. fresh start ───────────────────────────────────────────────────────────────────────────────────
console.log(`▸ server: ${serverDir}`);
let { child: server, firstOkMs: freshStartMs } = await startServer();
await sleep(1500);
const rssIdleFresh = rssMb(server.pid);
console.log(`  fresh data directory: first 200 after ${freshStartMs.toFixed(0)} ms, idle RSS ${rssIdleFresh.toFixed(0)} MB`);

const home = await (await fetch(`${base}/`)).text();
const anonKey = /eyJ[\w-]+\.[\w-]+\.[\w-]+/.exec(home)?.[0];
if (!anonKey) throw new Error("no anon key found in the home page");
const restPath =
  "/rest/v1/blog_posts?select=id,slug,title,excerpt,category,country,read_time,created_at&published=eq.true&order=created_at.desc";
const slugs = await (
  await fetch(`${base}/rest/v1/blog_posts?select=slug&published=eq.true&limit=1`, { headers: { apikey: anonKey } })
).json();
const articlePath = `/blog/${encodeURIComponent(slugs[0].slug)}`;
const targets = PAGES.map((p) =>
  p === "article"
    ? { label: "article", path: articlePath, rest: false }
    : p === "rest"
      ? { label: "REST list", path: restPath, rest: true }
      : { label: p, path: p, rest: false },
);
const restHeaders = { apikey: anonKey, authorization: `Bearer ${anonKey}` };

// ── 2. the same bytes, from disk ─────────────────────────────────────────────────────────────────────
const www = path.join(work, "www");
mkdirSync(www, { recursive: true });
for (const [i, t] of targets.entries()) {
  const headers = { "accept-encoding": "identity", ...(t.rest ? restHeaders : {}) };
  const plain = await fetch(`${base}${t.path}`, { headers });
  t.type = plain.headers.get("content-type") ?? "text/html";
  t.file = `f${i}`;
  const body = Buffer.from(await plain.arrayBuffer());
  writeFileSync(path.join(www, t.file), body);
  // What a browser receives: the server's own gzip bytes (or nginx's gzip of these, for uncompressed answers).
  const { gzipSync } = await import("node:zlib");
  writeFileSync(path.join(www, `${t.file}.gz`), gzipSync(body, { level: 9 }));
  t.bytes = body.length;
}
for (const d of [work, www]) chmodSync(d, 0o755);

const staticPort = PORT + 1;
let staticLabel;
let staticServer;
if (hasNginx()) {
  staticLabel = "nginx";
  const locations = targets
    .map((t) => {
      const p = new URL(t.path, base);
      // nginx matches the path only; the REST list's query is fixed, so its path maps to one file.
      // nginx matches the decoded path (an Arabic slug is matched as UTF-8).
      // A path ending in "/" is a directory to nginx's static module (alias to a file answers 500), so each
      // page's path is rewritten to an internal location named after its file.
      return `    location = ${decodeURIComponent(p.pathname)} { rewrite ^ /${t.file} last; }
    location = /${t.file} { internal; default_type "${t.type}"; alias ${path.join(www, t.file)}; }`;
    })
    .join("\n");
  const nginx = await startNginx({
    prefix: path.join(work, "nginx"),
    port: staticPort,
    http: "  sendfile on;\n  tcp_nopush on;\n  gzip_static on;\n  gzip_vary on;",
    server: locations,
    probe: new URL(targets[0].path, base).pathname,
  });
  staticServer = nginx.child;
  children.add(staticServer);
} else {
  staticLabel = "static Node server (nginx absent)";
  const files = new Map(targets.map((t) => [new URL(t.path, base).pathname, t]));
  const http = createServer((req, res) => {
    const t = files.get(new URL(req.url, base).pathname);
    if (!t) return void res.writeHead(404).end();
    const gz = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const body = readFileSync(path.join(www, gz ? `${t.file}.gz` : t.file));
    res.writeHead(200, {
      "content-type": t.type,
      "content-length": body.length,
      ...(gz ? { "content-encoding": "gzip", vary: "Accept-Encoding" } : {}),
    });
    res.end(body);
  }).listen(staticPort, "127.0.0.1");
  staticServer = { kill: () => http.close(), pid: process.pid };
}
const staticBase = `http://127.0.0.1:${staticPort}`;
for (let i = 0; i < 100; i++) {
  try {
    await (await fetch(`${staticBase}${targets[0].path}`)).arrayBuffer();
    break;
  } catch {
    await sleep(50);
  }
}
// The reference must answer every page with the very bytes the server gave, or its figures mean nothing.
for (const t of targets) {
  const r = await fetch(`${staticBase}${t.path}`, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await r.arrayBuffer());
  if (r.status !== 200 || body.length !== t.bytes) {
    throw new Error(`${staticLabel} answers ${t.path} with ${r.status} and ${body.length} bytes, not 200 and ${t.bytes}`);
  }
}

// ── 3. load ──────────────────────────────────────────────────────────────────────────────────────────
const tool = has("wrk") ? "wrk" : "autocannon";

const run = promisify(execFile);

/** One run: { rps, p50, p99 (ms), errors, non2xx }. */
async function load(url, connections, headers) {
  const h = { "accept-encoding": "gzip", ...headers };
  if (tool === "wrk") {
    const args = ["-t", String(Math.min(2, connections)), "-c", String(connections), "-d", `${DURATION}s`, "--latency", "--timeout", "10s"];
    for (const [k, v] of Object.entries(h)) args.push("-H", `${k}: ${v}`);
    const { stdout: out } = await run("wrk", [...args, url], { encoding: "utf8" });
    const ms = (s) => {
      const m = /([\d.]+)(us|ms|s)\b/.exec(s ?? "");
      if (!m) return NaN;
      return Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1);
    };
    const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
      p50: ms(/\s50%\s+(\S+)/.exec(out)?.[1]),
      p99: ms(/\s99%\s+(\S+)/.exec(out)?.[1]),
      errors: sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
      non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    };
  }
  const args = ["--yes", "autocannon@8", "-j", "-c", String(connections), "-d", String(DURATION)];
  for (const [k, v] of Object.entries(h)) args.push("-H", `${k}=${v}`);
  const r = JSON.parse((await run("npx", [...args, url], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })).stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

let rssPeak = 0;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, rssMb(server.pid) || 0);
}, 200);

const rows = [];
console.log(`▸ load: ${tool}, ${DURATION} s per run, ${REPS} repetitions (medians), Accept-Encoding: gzip; static side: ${staticLabel}`);
for (const t of targets) {
  for (const c of CONNECTIONS) {
    const runs = { ours: [], static: [] };
    for (let r = 0; r < REPS; r++) {
      runs.static.push(await load(`${staticBase}${t.path}`, c, {}));
      runs.ours.push(await load(`${base}${t.path}`, c, t.rest ? restHeaders : {}));
    }
    const pick = (side, k) => median(runs[side].map((x) => x[k]));
    const row = {
      page: t.label,
      c,
      staticRps: pick("static", "rps"),
      rps: pick("ours", "rps"),
      p50: pick("ours", "p50"),
      p99: pick("ours", "p99"),
      errors: pick("ours", "errors"),
      non2xx: pick("ours", "non2xx"),
      staticP99: pick("static", "p99"),
      staticFailures: pick("static", "errors") + pick("static", "non2xx"),
    };
    rows.push(row);
    if (row.staticFailures > 0)
      console.log(`  ! ${staticLabel} itself failed ${row.staticFailures} requests in this cell: its ratio is not comparable`);
    console.log(
      `  ${row.page.padEnd(10)} c=${String(c).padEnd(3)} ${staticLabel.split(" ")[0]} ${row.staticRps.toFixed(0)} rps | ours ${row.rps.toFixed(0)} rps (${((100 * row.rps) / row.staticRps).toFixed(0)} %), p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, errors ${row.errors}, non-2xx ${row.non2xx}`,
    );
  }
}
clearInterval(sampler);
const rssLoad = rssPeak;
staticServer.kill("SIGQUIT");

// /blog with the seeded posts: time of a render that is not cached, and its size.
async function blogRender() {
  await sleep(2000); // let the server drain what the load left queued
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    try {
      const r = await fetch(`${base}/blog?bench=${Date.now()}-${i}`, { headers: { "accept-encoding": "identity", connection: "close" } });
      bytes = (await r.arrayBuffer()).byteLength;
      times.push(performance.now() - t0);
    } catch (error) {
      console.warn(`  /blog render ${i + 1} failed: ${error.cause?.message ?? error.message}`);
    }
  }
  // Once to store it, then timed from the cache.
  let cachedMs = NaN;
  try {
    await (await fetch(`${base}/blog`, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();
    const t0 = performance.now();
    await (await fetch(`${base}/blog`, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();
    cachedMs = performance.now() - t0;
  } catch (error) {
    console.warn(`  cached /blog failed: ${error.cause?.message ?? error.message}`);
  }
  return { ms: median(times), bytes, cachedMs };
}
const blogSmall = await blogRender();
const postsSmall = (
  await (
    await fetch(`${base}/rest/v1/blog_posts?select=id&published=eq.true`, { headers: { ...restHeaders, prefer: "count=exact" } })
  ).json()
).length;

// ── 4. 10,000 posts, existing data directory ─────────────────────────────────────────────────────────
const large = process.env.BENCH_LARGE !== "0";
await stopServer(server);
let existingStartMs = NaN;
let rssIdleExisting = NaN;
let blogLarge = { ms: NaN, bytes: NaN, cachedMs: NaN };
let rssAfterLarge = NaN;
let blog12 = { ms: NaN, bytes: NaN, cachedMs: NaN };
if (large) {
  const { PGlite } = await import(createRequire(path.join(serverDir, "package.json")).resolve("@electric-sql/pglite"));
  /** Adds `count` published posts numbered from `from`, newest first, straight into the data directory. */
  const seedPosts = async (from, count) => {
    const pg = await PGlite.create({ dataDir: path.join(dataDir, "pg") });
    await pg.exec(`
  insert into public.blog_posts (slug, title, excerpt, content, category, country, read_time, published, created_at)
  select 'bench-post-' || g,
         'Benchmark post ' || g || ': how Dubai brokers answer a lead in minutes',
         'Post ' || g || ' of the capacity benchmark, with an excerpt as long as a real one tends to be.',
         '<p>' || repeat('Body text of a benchmark post. ', 60) || '</p>',
         (array['Technology','Real Estate','AI & Automation','Sales','Market Analysis'])[1 + g % 5],
         (array['Canada','UAE','Global'])[1 + g % 3],
         (3 + g % 7) || ' min read',
         true,
         now() - (g || ' minutes')::interval
    from generate_series(${from}, ${from + count - 1}) as g;
`);
    await pg.close();
  };
  // First a blog of exactly one full page (12 posts), the figure 10,000 posts are compared with.
  if (postsSmall < 12) await seedPosts(20_001, 12 - postsSmall);
  ({ child: server } = await startServer());
  blog12 = await blogRender();
  await stopServer(server);
  await seedPosts(1, 10_000);
  ({ child: server, firstOkMs: existingStartMs } = await startServer());
  await sleep(1500);
  rssIdleExisting = rssMb(server.pid);
  blogLarge = await blogRender();
  rssAfterLarge = rssMb(server.pid);
  await stopServer(server);
}
rmSync(work, { recursive: true, force: true });

// ── report ───────────────────────────────────────────────────────────────────────────────────────────
const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "–");
console.log(`\n## Capacity (${new Date().toISOString()}, ${tool}, ${DURATION} s × ${REPS} runs, medians; static side: ${staticLabel})\n`);
const st = staticLabel.split(" ")[0];
console.log(`| page | connections | ${st} rps | server rps | ratio | p50 ms | p99 ms | ${st} p99 ms | errors | non-2xx |`);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.c} | ${f(r.staticRps)} | ${f(r.rps)} | ${f((100 * r.rps) / r.staticRps, 1)} % | ${f(r.p50, 1)} | ${f(r.p99, 1)} | ${f(r.staticP99, 1)} | ${r.errors} | ${r.non2xx} |`,
  );
}
console.log(
  `\nload average at the end: ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")} on ${(await import("node:os")).availableParallelism()} cores`,
);
console.log(`
| memory and start | value |
|---|---|
| first 200, fresh data directory | ${f(freshStartMs)} ms |
| first 200, existing data directory (10,000 posts) | ${f(existingStartMs)} ms |
| RSS idle, fresh data directory | ${f(rssIdleFresh)} MB |
| RSS peak under the load above | ${f(rssLoad)} MB |
| RSS idle, existing data directory | ${f(rssIdleExisting)} MB |
| RSS after rendering /blog with 10,000 posts | ${f(rssAfterLarge)} MB |

| /blog | posts | uncached render (median of 5) | cached | HTML size |
|---|---|---|---|---|
| seeded | ${postsSmall} | ${f(blogSmall.ms, 1)} ms | ${f(blogSmall.cachedMs, 1)} ms | ${f(blogSmall.bytes / 1024, 1)} KB |
| one full page | ${Math.max(12, postsSmall)} | ${f(blog12.ms, 1)} ms | ${f(blog12.cachedMs, 1)} ms | ${f(blog12.bytes / 1024, 1)} KB |
| + 10,000 | ${Math.max(12, postsSmall) + 10000} | ${f(blogLarge.ms, 1)} ms | ${f(blogLarge.cachedMs, 1)} ms | ${f(blogLarge.bytes / 1024, 1)} KB |
`);
