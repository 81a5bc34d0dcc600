#!/usr/bin/env node
/**
 * Rolling-deploy check for the compose stack (docker-compose.yml, docs/deploy.md): run it by hand
 * against a running stack; CI runs it through scripts/ci-deploy.sh (build, up, check, down). It prints what it measured and exits 1 when a
 * request failed, an acknowledged submission is missing from the database, a node did not exit 0 or
 * the submission in flight across a node's SIGTERM was not answered.
 *
 *   node scripts/deploy-check.mjs [--mode stop-start|restart|recreate] [--nodes web1,web2] ...
 *
 * 1. Keeps a steady load on the load balancer: page GETs (both languages) and visitor-form POSTs, half as
 *    the page posts them without script (urlencoded to the page, answered 303 to `?sent=`), half as the
 *    hydrated page sends them (JSON envelope to /functions/v1/submit-form with the page's anon key).
 *    Each submission has its own submissionId and email, and its own visitor address in X-Forwarded-For
 *    (198.18.0.0/15, the range set aside for benchmarks): the nodes rate-limit submissions per address,
 *    and from this machine every request would otherwise come from the one address of docker's proxy.
 * 2. After a warm-up, deploys each node in turn, as a rolling deploy does: `stop -t T` then `start`
 *    (default), `restart -t T`, or `up -d --no-deps --force-recreate -t T` (a new container, as after
 *    a new image). It records how long the node took to stop, its exit code (docker's `die` event), how
 *    long until the new process answered /readyz 200, and waits `--settle` seconds before the next node.
 *    Just before each node's SIGTERM it starts one more submission straight to that node whose body is
 *    still arriving 8 s later (past the shutdown delay): it must be answered 303 and stored.
 * 3. Then, with the load still running, kills one node outright (`docker kill -s KILL`, as a crash or the
 *    kernel's OOM killer would): no SIGTERM, no drain. Just before, it starts one more slow submission
 *    straight to that node (its body half sent), which the kill cuts. The node stays down for `--kill-down`
 *    seconds (HAProxy's check takes it out), is started again (docker may already have restarted it:
 *    `restart: unless-stopped`) and must answer /readyz 200. Requests that fail in this phase are counted
 *    and shown (what the visitor got: HAProxy's 502 for a request the node was answering, or a socket
 *    error), but are not a failure of the check: a request in flight on a killed process cannot be
 *    answered. What must hold is that no acknowledged submission is lost.
 * 4. Stops the load, waits for the requests in flight, then asks PostgreSQL (through `docker-compose exec
 *    db psql`) which of this run's submissions were stored, and compares with those acknowledged.
 *
 * Options (all have defaults): --url (http://127.0.0.1:8080), --nodes (web1,web2), --mode (stop-start),
 * --timeout (45: seconds docker waits after SIGTERM), --getters (4 concurrent page loops), --posters (2
 * concurrent form loops), --beacons (1 loop of analytics beacon POSTs, one every 100 ms), --get-pause / --post-pause (ms between a loop's requests: 50 / 250), --warmup
 * (5 s of load before the first node), --settle (5 s after a node is ready again), --tail (5 s of load
 * after the last node), --compose ("docker-compose", or "docker compose"), --project (compose project
 * name, -p), --db-service (db), --deadline (600 s: the whole run stops by then whatever happens),
 * --kill (the node to SIGKILL after the rolling deploy: the first of --nodes; "none" to skip),
 * --kill-down (5 s the killed node stays down before it is started again).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";

const { values: o } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8080" },
    nodes: { type: "string", default: "web1,web2" },
    mode: { type: "string", default: "stop-start" },
    timeout: { type: "string", default: "45" },
    getters: { type: "string", default: "4" },
    posters: { type: "string", default: "2" },
    beacons: { type: "string", default: "1" },
    "get-pause": { type: "string", default: "50" },
    "post-pause": { type: "string", default: "250" },
    warmup: { type: "string", default: "5" },
    settle: { type: "string", default: "5" },
    tail: { type: "string", default: "5" },
    compose: { type: "string", default: "docker-compose" },
    project: { type: "string" },
    "db-service": { type: "string", default: "db" },
    deadline: { type: "string", default: "600" },
    kill: { type: "string" },
    "kill-down": { type: "string", default: "5" },
  },
});

const BASE = o.url.replace(/\/$/, "");
const NODES = o.nodes.split(",").filter(Boolean);
const MODES = ["stop-start", "restart", "recreate"];
if (!MODES.includes(o.mode)) fail(`--mode must be one of ${MODES.join(", ")}`);
const num = (name) => {
  const n = Number(o[name]);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a number`);
  return n;
};
const STOP_TIMEOUT = num("timeout");
const KILL = o.kill === "none" ? null : (o.kill ?? NODES[0]);
if (KILL && !NODES.includes(KILL)) fail(`--kill must be one of --nodes (${NODES.join(", ")}) or "none"`);
const DEADLINE_MS = num("deadline") * 1000;
const RUN = Date.now().toString(36);
const PAGES = ["/", "/en", "/blog", "/en/blog", "/contact", "/en/contact", "/book", "/en/book"];
const started = Date.now();
const since = () => ((Date.now() - started) / 1000).toFixed(1);

function fail(message) {
  console.error(`deploy-check: ${message}`);
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a command; resolves with its output (rejects when it exits non-zero). */
function sh(command, args) {
  return new Promise((resolve, reject) => {
    // No stdin (/dev/null): a pipe that the command closes by exiting first would be an EPIPE here.
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")}: exit ${code}: ${err.trim()}`)),
    );
  });
}

const [composeCmd, ...composePre] = o.compose.split(/\s+/);
const compose = (...args) => sh(composeCmd, [...composePre, ...(o.project ? ["-p", o.project] : []), ...args]);
const containerOf = async (service) => (await compose("ps", "-q", service)).trim();

/** Whether the node's own /readyz answers 200 (asked inside its container: only the lb is published). */
async function nodeReady(id) {
  const probe =
    "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))";
  try {
    await sh("docker", ["exec", id, "node", "-e", probe]);
    return true;
  } catch {
    return false;
  }
}

// ---- load --------------------------------------------------------------------------------------------

/** Every request: its kind, phase and time (ms); `failures` the ones that failed. */
const results = { get: [], post: [], beacon: [] };
const failures = [];
const acknowledged = new Set();
/** Submissions that got no acknowledgement: { id, phase, detail }. Stored anyway or not is reported. */
const unackedPosts = [];
let phase = "warm-up";
let loading = true;
let addressCounter = Math.floor(Math.random() * 60_000);

function record(kind, ok, ms, what, detail) {
  results[kind].push({ ms, phase });
  if (!ok) failures.push({ at: since(), phase, kind, what, detail });
}

async function timed(url, init) {
  const t = performance.now();
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000), ...init });
    const body = await res.text();
    return { res, body, ms: performance.now() - t };
  } catch (e) {
    return { error: String(e?.cause?.code ?? e?.cause?.message ?? e?.message ?? e), ms: performance.now() - t };
  }
}

async function getter(i) {
  for (let n = i; loading; n++) {
    const page = PAGES[n % PAGES.length];
    const r = await timed(BASE + page);
    const ok = !r.error && r.res.status >= 200 && r.res.status < 400;
    record("get", ok, r.ms, `GET ${page}`, r.error ?? `HTTP ${r.res.status}`);
    await sleep(num("get-pause"));
  }
}

let anonKey = "";
const emailOf = (seq) => `deploy-check+${RUN}-${seq}@example.com`;
const nextAddress = () => {
  const a = addressCounter++;
  return `198.${18 + ((a >> 16) & 1)}.${(a >> 8) & 255}.${a & 255}`;
};
const isSent = (status, location) => status === 303 && /[?&]sent=sales_lead/.test(location ?? "");

/** The sales-lead form of /en as the page posts it without script. */
const salesLeadForm = (seq, id) =>
  new URLSearchParams({
    fullName: `Deploy check ${seq}`,
    email: emailOf(seq),
    country: "UAE",
    "countryCode-option": "+971",
    phoneNumber: "501234567",
    city: "",
    company: "",
    callTime: "9-5",
    website: "",
    _form: "sales_lead",
    submissionId: id,
    locale: "en",
  });

/**
 * One submission, as `send()`: sending it again (same submissionId, body and address) is what a page
 * does when it retries after an error; the server must answer it as stored without storing it twice.
 */
function submission(i, n) {
  const seq = `${i}-${n}`;
  const id = randomUUID();
  const headers = { "x-forwarded-for": nextAddress() };
  const asForm = n % 2 === 0;
  const what = asForm ? "POST /en (form)" : "POST submit-form";
  async function send() {
    if (asForm) {
      // As a page posts it without script: the sales-lead form on /en, then 303 to ?sent=sales_lead.
      const r = await timed(`${BASE}/en`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: salesLeadForm(seq, id).toString(),
      });
      return { r, acked: !r.error && isSent(r.res.status, r.res.headers.get("location")) };
    }
    // As the hydrated page sends it: the newsletter envelope to submit-form.
    const envelope = { formType: "newsletter", payload: { email: emailOf(seq) }, path: "/", locale: "ar", submissionId: id, website: "" };
    const r = await timed(`${BASE}/functions/v1/submit-form`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", apikey: anonKey, authorization: `Bearer ${anonKey}` },
      body: JSON.stringify(envelope),
    });
    return { r, acked: !r.error && r.res.status >= 200 && r.res.status < 300 && /"stored"/.test(r.body) };
  }
  return { id, what, send };
}

async function poster(i) {
  for (let n = 0; loading; n++) {
    const s = submission(i, n);
    const { r, acked } = await s.send();
    if (acked) acknowledged.add(s.id);
    else unackedPosts.push({ ...s, phase, detail: r.error ?? `HTTP ${r.res.status}` });
    record("post", acked, r.ms, s.what, r.error ?? `HTTP ${r.res.status} ${r.body.slice(0, 120)}`);
    await sleep(num("post-pause"));
  }
}

/**
 * The analytics beacon as a browser sends it (text/plain, a browser's user agent), through the balancer,
 * which sends it to the nodes' analytics listeners (ANALYTICS_UPSTREAMS). Each event has a path of its own,
 * so the check knows exactly which ones were stored: every one answered 204 must be, except around the
 * SIGKILL (a killed process loses what it held in memory, at most a second of events).
 */
const BEACON_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const beaconsAnswered = [];
let killWindow = null;
async function beaconer(i) {
  for (let n = 0; loading; n++) {
    const path = `/en/deploy-check-${RUN}-${i}-${n}`;
    const r = await timed(`${BASE}/api/event`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BEACON_UA, "x-forwarded-for": nextAddress() },
      body: JSON.stringify({ k: "view", p: path, l: "en" }),
    });
    const ok = !r.error && r.res.status === 204;
    if (ok) beaconsAnswered.push({ path, at: Date.now() });
    record("beacon", ok, r.ms, "POST /api/event", r.error ?? `HTTP ${r.res.status} ${r.body.slice(0, 120)}`);
    await sleep(100);
  }
}

// ---- deploy ------------------------------------------------------------------------------------------

/** The exit code docker reports for container `id` (its next `die` event), or null if none came. */
function watchExit(id) {
  const events = spawn("docker", [
    "events",
    "--filter",
    `container=${id}`,
    "--filter",
    "event=die",
    "--format",
    "{{.Actor.Attributes.exitCode}}",
  ]);
  let code = null;
  const got = new Promise((resolve) => {
    events.stdout.on("data", (d) => {
      code ??= Number(String(d).trim().split("\n")[0]);
      resolve();
    });
    events.on("close", resolve);
  });
  return {
    async result(waitMs) {
      await Promise.race([got, sleep(waitMs)]);
      events.kill();
      return code;
    },
  };
}

/** Everything container `id` logs from now until it stops. */
function followLogs(id) {
  const child = spawn("docker", ["logs", "-f", "--since", "1s", id], { stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout.on("data", (d) => (text += d));
  child.stderr.on("data", (d) => (text += d));
  const ended = new Promise((resolve) => child.on("close", resolve));
  return {
    async text(waitMs) {
      await Promise.race([ended, sleep(waitMs)]);
      child.kill();
      return text;
    },
  };
}

/**
 * A submission that is in flight when the node gets SIGTERM: posted straight to the node (from a
 * throwaway container of the node's own image on the compose network), half of the body at once and
 * the rest `TRICKLE_MS` later, past the shutdown delay. Resolves once the first half is sent; `result`
 * then gives the node's answer.
 */
const TRICKLE_MS = 8000;
async function slowPost(node, id, label = `slow-${node}`) {
  const inspect = JSON.parse(await sh("docker", ["inspect", id]))[0];
  const network = Object.keys(inspect.NetworkSettings.Networks)[0];
  // The site's PORT (not ANALYTICS_PORT, whose name ends the same way).
  const port = /^PORT=(\d+)$/m.exec(inspect.Config.Env.join("\n"))?.[1] ?? "3000";
  const submissionId = randomUUID();
  const body = salesLeadForm(label, submissionId).toString();
  const code = `
    const http = require("node:http");
    const body = process.env.BODY, half = Math.floor(body.length / 2), t0 = Date.now();
    const req = http.request({ host: process.env.NODE, port: Number(process.env.PORT), path: "/en", method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "x-forwarded-for": process.env.ADDR } },
      (res) => { res.resume(); res.on("end", () => console.log(JSON.stringify({ status: res.statusCode, location: res.headers.location, ms: Date.now() - t0 }))); });
    req.on("error", (e) => console.log(JSON.stringify({ error: e.code || e.message, ms: Date.now() - t0 })));
    req.write(body.slice(0, half), () => console.log("started"));
    setTimeout(() => req.end(body.slice(half)), ${TRICKLE_MS});`;
  const env = { NODE: node, PORT: port, BODY: body, ADDR: nextAddress() };
  const args = [
    "run",
    "--rm",
    "--network",
    network,
    ...Object.keys(env).flatMap((k) => ["-e", k]),
    inspect.Config.Image,
    "node",
    "-e",
    code,
  ];
  const child = spawn("docker", args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const done = new Promise((resolve) => child.on("close", resolve));
  await new Promise((resolve) => {
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("started")) resolve();
    });
    done.then(resolve);
  });
  return {
    submissionId,
    async result() {
      await done;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      return line ? JSON.parse(line) : { error: err.trim() || "no answer" };
    },
  };
}

async function deploy(node) {
  const oldId = await containerOf(node);
  if (!oldId) throw new Error(`no container for ${node}`);
  const exit = watchExit(oldId);
  const logs = followLogs(oldId);
  await sleep(300); // `docker events` and `docker logs` subscribe
  const slow = await slowPost(node, oldId);
  const t0 = Date.now();
  let stoppedMs = null;
  const T = String(STOP_TIMEOUT);
  if (o.mode === "stop-start") {
    await compose("stop", "-t", T, node);
    stoppedMs = Date.now() - t0;
    await compose("start", node);
  } else if (o.mode === "restart") {
    await compose("restart", "-t", T, node);
  } else {
    await compose("up", "-d", "--no-deps", "--force-recreate", "-t", T, node);
  }
  const exitCode = await exit.result(5000);
  const m = /shutdown: (\d+) connection\(s\) still open/.exec(await logs.text(5000));
  const cut = m ? Number(m[1]) : 0;
  const inFlight = await slow.result();
  inFlight.acked = isSent(inFlight.status, inFlight.location);
  if (inFlight.acked) acknowledged.add(slow.submissionId);
  inFlight.submissionId = slow.submissionId;
  const newId = await containerOf(node);
  const readyMs = await waitReady(newId, t0);
  return { node, stopMs: stoppedMs, exitCode, cut, readyMs, sameContainer: newId === oldId, inFlight };
}

/** Whether container `id` is running (docker's State.Running). */
async function running(id) {
  try {
    return (await sh("docker", ["inspect", "-f", "{{.State.Running}}", id])).trim() === "true";
  } catch {
    return false;
  }
}

/** Waits (at most 120 s) until container `id` answers /readyz 200; the time since `t0`, or null. */
async function waitReady(id, t0) {
  const tStart = Date.now();
  while (Date.now() - tStart < 120_000) {
    if (await nodeReady(id)) return Date.now() - t0;
    await sleep(250);
  }
  return null;
}

/**
 * SIGKILL for `node` under load: no SIGTERM, no drain. A slow submission straight to the node is in
 * flight when it dies. The node stays down `--kill-down` seconds, then is started (unless docker's
 * restart policy already did) and must become ready again.
 */
async function kill(node) {
  const id = await containerOf(node);
  if (!id) throw new Error(`no container for ${node}`);
  const exit = watchExit(id);
  await sleep(300);
  const slow = await slowPost(node, id, `killed-${node}`);
  const t0 = Date.now();
  await sh("docker", ["kill", "-s", "KILL", id]);
  const exitCode = await exit.result(5000);
  // Its answer (an error: the node is gone) comes when it sends the rest of its body.
  const answer = slow.result();
  await sleep(Math.max(0, num("kill-down") * 1000 - (Date.now() - t0)));
  // `restart: unless-stopped` may have brought it back already; otherwise start it as an operator would.
  const restartedByDocker = await running(id);
  if (!restartedByDocker) await compose("start", node);
  const newId = await containerOf(node);
  const readyMs = await waitReady(newId, t0);
  const inFlight = await answer;
  inFlight.acked = isSent(inFlight.status, inFlight.location);
  if (inFlight.acked) acknowledged.add(slow.submissionId);
  inFlight.submissionId = slow.submissionId;
  return { node, exitCode, restartedByDocker, readyMs, inFlight };
}

const seconds = (ms) => (ms === null ? "never" : `${(ms / 1000).toFixed(1)} s`);
const describe = (d) =>
  `${d.node}: ${d.stopMs === null ? "" : `stopped in ${seconds(d.stopMs)}, `}exit code ${d.exitCode ?? "?"}, ` +
  `connections cut ${d.cut}, ready ${seconds(d.readyMs)} after the command${d.sameContainer ? "" : " (new container)"}`;

// ---- main --------------------------------------------------------------------------------------------

const watchdog = setTimeout(() => {
  console.error(`deploy-check: still running after ${DEADLINE_MS / 1000} s; stopping`);
  process.exit(3);
}, DEADLINE_MS);
watchdog.unref();

const home = await timed(`${BASE}/en`);
if (home.error || home.res.status !== 200) fail(`${BASE}/en does not answer 200 (${home.error ?? home.res.status}); is the stack up?`);
anonKey = /"anonKey":"([^"]+)"/.exec(home.body)?.[1] ?? fail("no anonKey in the page");
for (const node of NODES) {
  const id = await containerOf(node);
  if (!id || !(await nodeReady(id))) fail(`${node} is not running or not ready`);
}

console.log(
  `deploy-check ${RUN}: ${o.getters} page loops, ${o.posters} form loops on ${BASE}; mode ${o.mode}, nodes ${NODES.join(", ")}` +
    (KILL ? `; then SIGKILL ${KILL}` : ""),
);
const loops = [
  ...Array.from({ length: num("getters") }, (_, i) => getter(i)),
  ...Array.from({ length: num("posters") }, (_, i) => poster(i)),
  ...Array.from({ length: num("beacons") }, (_, i) => beaconer(i)),
];
await sleep(num("warmup") * 1000);
const deploys = [];
for (const node of NODES) {
  phase = `deploying ${node}`;
  console.log(`[${since()} s] ${o.mode} ${node}`);
  const d = await deploy(node);
  deploys.push(d);
  console.log(`[${since()} s] ${describe(d)}`);
  phase = `after ${node}`;
  await sleep(num("settle") * 1000);
}
let killed = null;
if (KILL) {
  phase = `SIGKILL ${KILL}`;
  console.log(`[${since()} s] docker kill -s KILL ${KILL}`);
  // Events answered from 3 s before the kill may have been held by the killed node (flushed every second).
  killWindow = { from: Date.now() - 3000, to: Infinity };
  killed = await kill(KILL);
  killWindow.to = Date.now();
  console.log(
    `[${since()} s] ${KILL}: exit code ${killed.exitCode ?? "?"}, ${killed.restartedByDocker ? "restarted by docker's restart policy" : "started again after " + o["kill-down"] + " s"}, ready ${seconds(killed.readyMs)} after the kill`,
  );
  phase = `after SIGKILL ${KILL}`;
  await sleep(num("settle") * 1000);
}
phase = "tail";
await sleep(num("tail") * 1000);
loading = false;
await Promise.all(loops);

// Which of the failed submissions were stored anyway (the node died after its commit)?
const storedQuery = async () => {
  const sql = `select submission_id from form_submissions where payload->>'email' like 'deploy-check+${RUN}-%'`;
  return (await compose("exec", "-T", o["db-service"], "sh", "-c", `psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -At -c "${sql}"`))
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
};
const storedBeforeRetry = new Set(await storedQuery());
// Then each is sent again as it was (a page's retry): it must be acknowledged now, and stored once.
for (const u of unackedPosts) {
  u.storedBeforeRetry = storedBeforeRetry.has(u.id);
  const { r, acked } = await u.send();
  u.retry = r.error ?? `HTTP ${r.res.status}`;
  if (acked) acknowledged.add(u.id);
  u.retryAcked = acked;
}
// The nodes write the beacon's events within a second (ANALYTICS_FLUSH_MS): wait, then ask which are stored.
await sleep(2500);
const beaconPaths = new Set(
  (
    await compose(
      "exec",
      "-T",
      o["db-service"],
      "sh",
      "-c",
      `psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -At -c "select path from analytics_events where path like '/en/deploy-check-${RUN}-%'"`,
    )
  )
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean),
);
const inKillWindow = (b) => killWindow !== null && b.at >= killWindow.from && b.at <= killWindow.to;
const beaconsMissing = beaconsAnswered.filter((b) => !inKillWindow(b) && !beaconPaths.has(b.path));
const beaconsLostInKill = beaconsAnswered.filter((b) => inKillWindow(b) && !beaconPaths.has(b.path));
const storedRows = await storedQuery();
const stored = new Set(storedRows);
const duplicates = storedRows.length - stored.size;
const missing = [...acknowledged].filter((id) => !stored.has(id));
const unacked = [...stored].filter((id) => !acknowledged.has(id));

const pct = (xs, p) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const lat = (rs) => {
  const xs = rs.map((r) => r.ms);
  return `p50 ${pct(xs, 50).toFixed(0)} ms, p99 ${pct(xs, 99).toFixed(0)} ms, max ${Math.max(0, ...xs).toFixed(0)} ms`;
};
// The SIGKILL phase is counted apart: requests in flight on a killed process may fail (reported), the
// rolling deploy's may not.
const isKill = (p) => p.startsWith("SIGKILL");
const failedOf = (kind, inKill = false) => failures.filter((f) => f.kind === kind && isKill(f.phase) === inKill).length;
const during = (kind, test) => results[kind].filter((r) => test(r.phase));

console.log(`\nduration ${since()} s`);
const deploying = (p) => p.startsWith("deploying");
console.log(`page GETs:    ${results.get.length} sent, ${failedOf("get")} failed outside the SIGKILL phase (${lat(results.get)})`);
console.log(`form POSTs:   ${results.post.length} sent, ${failedOf("post")} failed outside the SIGKILL phase (${lat(results.post)})`);
console.log(`  while a node was being replaced: GETs ${lat(during("get", deploying))}; POSTs ${lat(during("post", deploying))}`);
if (killed) {
  const g = during("get", isKill);
  const p = during("post", isKill);
  console.log(
    `  SIGKILL phase (kill to ready): ${g.length} GETs, ${failedOf("get", true)} failed (${lat(g)}); ${p.length} POSTs, ${failedOf("post", true)} failed (${lat(p)})`,
  );
}
console.log(`beacon POSTs: ${results.beacon.length} sent, ${failedOf("beacon")} failed outside the SIGKILL phase (${lat(results.beacon)})`);
console.log(
  `  ${beaconsAnswered.length} answered 204, ${beaconsAnswered.length - beaconsMissing.length - beaconsLostInKill.length} stored, ` +
    `${beaconsMissing.length} answered but missing outside the SIGKILL window, ${beaconsLostInKill.length} lost with the killed node`,
);
console.log(
  `submissions:  ${acknowledged.size} acknowledged, ${stored.size} stored, ${missing.length} acknowledged but missing, ${unacked.length} stored but not acknowledged`,
);
console.log(`  ${duplicates} submission(s) stored more than once`);
if (unackedPosts.length) {
  // A submission the visitor saw fail may still have been stored (the node died after its commit): the
  // retry with the same submissionId is then answered as stored, and not stored twice.
  const storedAnyway = unackedPosts.filter((u) => u.storedBeforeRetry).length;
  const retried = unackedPosts.filter((u) => u.retryAcked).length;
  console.log(
    `  ${unackedPosts.length} not acknowledged: ${storedAnyway} stored anyway, ${unackedPosts.length - storedAnyway} not stored; ` +
      `sent again after the run: ${retried} acknowledged, ${unackedPosts.length - retried} not`,
  );
  for (const u of unackedPosts.slice(0, 10)) {
    console.log(`    [${u.phase}] ${u.what}: ${u.detail}, ${u.storedBeforeRetry ? "stored" : "not stored"}; sent again: ${u.retry}`);
  }
}
for (const d of deploys) {
  console.log(describe(d));
  const f = d.inFlight;
  const answer = f.error ? `error ${f.error}` : `HTTP ${f.status}${f.acked ? " (sent)" : ""}`;
  console.log(
    `  in flight across SIGTERM: ${answer} after ${(f.ms / 1000).toFixed(1)} s, ${stored.has(f.submissionId) ? "stored" : "not stored"}`,
  );
}
if (killed) {
  const f = killed.inFlight;
  const answer = f.error ? `error ${f.error}` : `HTTP ${f.status}${f.acked ? " (sent)" : ""}`;
  console.log(
    `${killed.node} SIGKILL: exit code ${killed.exitCode ?? "?"}, ready ${seconds(killed.readyMs)} after the kill; in flight across the kill: ${answer}, ${stored.has(f.submissionId) ? "stored" : "not stored"}`,
  );
}
if (failures.length) {
  const byReason = new Map();
  for (const f of failures) byReason.set(`${f.what}: ${f.detail}`, (byReason.get(`${f.what}: ${f.detail}`) ?? 0) + 1);
  console.log("\nfailures by reason:");
  for (const [reason, n] of byReason) console.log(`  ${n} × ${reason}`);
  console.log("first failures:");
  for (const f of failures.slice(0, 10)) console.log(`  [${f.at} s, ${f.phase}] ${f.what}: ${f.detail}`);
}
const bad =
  failures.some((f) => !isKill(f.phase)) ||
  missing.length > 0 ||
  beaconsMissing.length > 0 ||
  beaconsAnswered.length === 0 ||
  duplicates > 0 ||
  unackedPosts.some((u) => !u.retryAcked) ||
  deploys.some((d) => d.exitCode !== 0 || d.readyMs === null || !d.inFlight.acked) ||
  (killed !== null && killed.readyMs === null);
console.log(
  bad
    ? "\nRESULT: FAIL"
    : `\nRESULT: OK (no failed request in the rolling deploy, every acknowledged submission stored, every node exited 0${killed ? `, ${KILL} back after SIGKILL` : ""})`,
);
process.exit(bad ? 1 : 0);
