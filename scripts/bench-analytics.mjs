#!/usr/bin/env node
/**
 * Analytics benchmark (`npm run bench:analytics`, docs/analytics.md). A benchmark, not a test: it prints
 * numbers and never fails on them. Every figure has its reference measured in the same run.
 *
 *   1. starts the production server (embedded PGlite, fresh data directory, page threads as in production)
 *      and warms the cached home page;
 *   2. beacon throughput: wrk posts page views to POST /api/event as fast as it can (BENCH_DURATION s) and
 *      the events written to the database are counted afterwards (accepted = written, nothing lost);
 *   3. cached-page p99 under the beacon's load: wrk on `/` alone (reference), then the same wrk on `/` while a
 *      second wrk sends BENCH_EVENT_RATE (5,000) events per second; p99 with and without, and the server's RSS;
 *   4. the admin page's reads over BENCH_EVENTS (10,000,000) stored events: the server is stopped, the events
 *      are written straight into the data directory over 90 days (400 pages, 8 channels, campaigns, two
 *      languages, three devices, four forms and their funnels) and rolled up, the server started again, and
 *      the four calls the page makes for "last 90 days" (traffic and conversion, this period and the one
 *      before, in parallel) are timed as an owner, BENCH_QUERY_REPS (21) times; reference: a one-row REST read
 *      of the same server in the same loop.
 *
 * Environment: BENCH_DURATION (10), BENCH_EVENT_RATE (5000), BENCH_EVENTS (10000000), BENCH_QUERY_REPS (21),
 * BENCH_PORT (4411), BENCH_SKIP_SEED=1 (only steps 1-3). Step 4 takes 30-40 minutes on a busy 2-core machine
 * (seeding about 1 minute per million events, the 90 days' roll-ups about 10 s each).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuild, ensureSupportedNode, root } from "./lib/setup.mjs";
import { spawnServer } from "./lib/server-command.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const EVENT_RATE = Number(process.env.BENCH_EVENT_RATE ?? 5000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const QUERY_REPS = Number(process.env.BENCH_QUERY_REPS ?? 21);
const PORT = Number(process.env.BENCH_PORT ?? 4411);
const ADMIN = { email: "bench@example.com", password: "bench password that is long enough" };
const UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const base = `http://127.0.0.1:${PORT}`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
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

await ensureSupportedNode();
await ensureBuild();
if (spawnSync("sh", ["-c", "command -v wrk"], { stdio: "ignore" }).status !== 0) {
  console.error("bench-analytics needs wrk (apt-get install wrk)");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-analytics-"));
const env = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ANALYTICS_RATE_LIMIT: "off",
  ANALYTICS_RAW_DAYS: "200",
  ANALYTICS_WEEKLY_REPORT: "off",
  LOG_LEVEL: "warn",
};

async function start() {
  const child = spawnServer({ cwd: root, port: PORT, dataDir, env });
  child.stdout.on("data", () => undefined);
  for (let i = 0; i < 1200; i++) {
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
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([done, sleep(30_000)]);
}

/** Runs wrk and returns { rps, p99ms, requests, errors }. */
function wrk(args) {
  const r = spawnSync("wrk", args, { encoding: "utf8" });
  const out = r.stdout ?? "";
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1) : NaN;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0);
  return { rps, p99ms, requests, errors, out };
}
/** wrk in the background (a child process), resolved with its parsed output. */
function wrkAsync(args) {
  return new Promise((resolve) => {
    const child = spawn("wrk", args);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
      resolve({ rps, requests, out });
    });
  });
}

const scripts = mkdtempSync(path.join(tmpdir(), "bench-analytics-wrk-"));
const event = JSON.stringify({
  k: "view",
  p: "/en/contact",
  l: "en",
  f: ["sales_lead", "newsletter"],
  t: { source: "newsletter", medium: "email", campaign: "bench", landingPage: "/en/contact", at: "2026-11-27T10:00:00.000Z" },
});
const postLua = (delayMs) => `
wrk.method = "POST"
wrk.body = ${JSON.stringify(event)}
wrk.headers["Content-Type"] = "text/plain;charset=UTF-8"
wrk.headers["User-Agent"] = ${JSON.stringify(UA)}
${delayMs ? `function delay() return ${delayMs} end` : ""}
`;
writeFileSync(path.join(scripts, "max.lua"), postLua(0));
const EVENT_CONNECTIONS = 20;
writeFileSync(path.join(scripts, "rate.lua"), postLua(Math.max(1, Math.round((EVENT_CONNECTIONS / EVENT_RATE) * 1000))));
const uaLua = path.join(scripts, "ua.lua");
writeFileSync(uaLua, `wrk.headers["User-Agent"] = ${JSON.stringify(UA)}\nwrk.headers["Accept-Encoding"] = "br"\n`);

const JWT_SECRET = "bench-analytics-secret-that-is-long-enough-0123456789";
env.JWT_SECRET = JWT_SECRET;
const { apiKeys } = await import(path.join(root, "server/api/jwt.ts"));
const { anonKey: anon } = apiKeys(JWT_SECRET);

let server = await start();
const idleRss = rssMb(server.pid);
for (let i = 0; i < 200; i++) await (await fetch(`${base}/`, { headers: { "User-Agent": UA, "Accept-Encoding": "br" } })).arrayBuffer();

// ---------------------------------------------------------------- 2. beacon throughput (as fast as it goes)
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 200);
const max = wrk(["-t1", `-c${EVENT_CONNECTIONS}`, `-d${DURATION}s`, "-s", path.join(scripts, "max.lua"), `${base}/api/event`]);
await sleep(2500);

// ---------------------------------------------------------------- 3. cached-page p99 alone and beside 5,000 events/s
const pageArgs = ["-t1", "-c10", `-d${DURATION}s`, "--latency", "-s", uaLua, `${base}/`];
const alone = wrk(pageArgs);
const beside = wrkAsync(["-t1", `-c${EVENT_CONNECTIONS}`, `-d${DURATION}s`, "-s", path.join(scripts, "rate.lua"), `${base}/api/event`]);
const loaded = wrk(pageArgs);
const events = await beside;
clearInterval(sampler);

console.log("\nBeacon (POST /api/event, one page view per request, PGlite)");
console.table({
  "as fast as it goes": {
    "events/s": Math.round(max.rps),
    errors: max.errors,
    "events sent": max.requests,
  },
});
console.log(`Cached page / (wrk -c10, ${DURATION} s), alone and beside ~${EVENT_RATE} events/s`);
console.table({
  alone: { rps: Math.round(alone.rps), "p99 ms": alone.p99ms, errors: alone.errors },
  [`beside ${Math.round(events.rps)} events/s`]: { rps: Math.round(loaded.rps), "p99 ms": loaded.p99ms, errors: loaded.errors },
});
console.log(
  `p99 change: ${(((loaded.p99ms - alone.p99ms) / alone.p99ms) * 100).toFixed(1)} %  |  RSS idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB`,
);

// ---------------------------------------------------------------- 4. the admin page's reads over many stored events
if (process.env.BENCH_SKIP_SEED !== "1") {
  await stop(server);
  const { openPglite } = await import(path.join(root, "server/db/database.ts"));
  const db = await openPglite(path.join(dataDir, "pg"));
  const written = Number((await db.query("select count(*)::bigint as n from public.analytics_events")).rows[0].n);
  console.log(
    `Events sent in steps 2 and 3: ${(max.requests + events.requests).toLocaleString("en")}; rows written (flushed at shutdown included): ${written.toLocaleString("en")}`,
  );
  const t0 = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  // 10 million events over the last 90 days: views (60 %) and form events, 50,000 visitors a day.
  const chunk = 1_000_000;
  for (let from = 0; from < EVENTS; from += chunk) {
    const to = Math.min(EVENTS, from + chunk) - 1;
    await db.query(
      `insert into public.analytics_events (at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms)
       select d::timestamptz + make_interval(secs => i % 86400), d, k.kind,
              case when i % 2 = 0 then '/' else '/en' end || '/p' || ((i * 69069) % 400),
              case when i % 3 = 0 then 'en' else 'ar' end,
              md5((i % 50000)::text || d::text),
              (array['direct','organic_search','paid_search','social','email','whatsapp','referral','other_campaign'])[1 + i % 8],
              (array[null,'google','facebook','newsletter','whatsapp','linkedin'])[1 + i % 6],
              (array[null,null,'dubai-q4','toronto-launch','spring-sale'])[1 + i % 5],
              (array['mobile','mobile','desktop','tablet'])[1 + i % 4],
              case when k.kind = 'view' then null else (array['sales_lead','demo_booking','article_booking','newsletter'])[1 + i % 4] end,
              case when k.kind = 'view' and i % 3 = 0 then array['sales_lead','newsletter'] when k.kind = 'view' then array['newsletter'] end
         from generate_series($1::bigint, $2::bigint) as i
        cross join lateral (select ($3::date - ((i * 2654435761) % 90)::int) as d) dd
        cross join lateral (select case when (i * 40503) % 10 < 6 then 'view' when (i * 40503) % 10 < 8 then 'form_start'
                                        when (i * 40503) % 10 = 8 then 'form_submit' else (array['form_stored','form_error'])[1 + (i / 10) % 2] end as kind) k`,
      [from, to, today],
    );
    process.stdout.write(`\rseeding ${Math.round((to + 1) / 1e6)} M events…`);
  }
  const seeded = performance.now() - t0;
  const t1 = performance.now();
  for (let d = 0; d < 90; d++) {
    await db.query("select public.analytics_rollup_day(($1::date - $2::int))", [today, d]);
    process.stdout.write(`\rrolling up day ${d + 1}/90…      `);
  }
  await db.query("update public.analytics_rollup_state set last_event_id = (select max(id) from public.analytics_events)");
  const rolled = performance.now() - t1;
  const stored = Number((await db.query("select count(*)::bigint as n from public.analytics_events")).rows[0].n);
  const rollupRows = Number(
    (await db.query("select (select count(*) from public.analytics_daily) + (select count(*) from public.analytics_form_daily) as n"))
      .rows[0].n,
  );
  await db.close();
  console.log(
    `\nSeeded ${stored.toLocaleString("en")} events in ${(seeded / 1000).toFixed(0)} s; rolled up 90 days in ${(rolled / 1000).toFixed(0)} s (${rollupRows.toLocaleString("en")} roll-up rows)`,
  );

  server = await start();
  const signIn = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: anon, "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { access_token: token } = await signIn.json();
  const headers = { apikey: anon, Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const day = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const rpc = (fn, from, to) =>
    fetch(`${base}/rest/v1/rpc/${fn}`, { method: "POST", headers, body: JSON.stringify({ p_from: from, p_to: to }) }).then(async (r) => {
      if (!r.ok) throw new Error(`${fn}: ${r.status} ${await r.text()}`);
      return r.json();
    });
  const page = () =>
    Promise.all([
      rpc("analytics_traffic", day(89), day(0)),
      rpc("analytics_traffic", day(179), day(90)),
      rpc("analytics_conversion", day(89), day(0)),
      rpc("analytics_conversion", day(179), day(90)),
    ]);
  const ref = () => fetch(`${base}/rest/v1/markets?select=id&limit=1`, { headers }).then((r) => r.json());
  const first = await page();
  const pageMs = [];
  const refMs = [];
  for (let i = 0; i < QUERY_REPS; i++) {
    let t = performance.now();
    await page();
    pageMs.push(performance.now() - t);
    t = performance.now();
    await ref();
    refMs.push(performance.now() - t);
  }
  console.log(`Admin → Analytics, last 90 days over ${stored.toLocaleString("en")} stored events (${QUERY_REPS} runs)`);
  console.table({
    "the page's 4 calls (parallel)": { "median ms": +median(pageMs).toFixed(1), "max ms": +Math.max(...pageMs).toFixed(1) },
    "reference: one-row REST read": { "median ms": +median(refMs).toFixed(1), "max ms": +Math.max(...refMs).toFixed(1) },
  });
  console.log(`views in the period: ${first[0].views.toLocaleString("en")}, visitors: ${first[0].visitors.toLocaleString("en")}`);
}

await stop(server);
rmSync(dataDir, { recursive: true, force: true });
rmSync(scripts, { recursive: true, force: true });
