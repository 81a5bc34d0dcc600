#!/usr/bin/env node
/**
 * Newsletter campaigns under load (docs/newsletter.md). Starts the API-only server (embedded PGlite in a
 * temporary directory) in its own process and a local SMTP server in this one, then:
 *
 *   0. the machine's ceiling (reference for the send rate): another process sends the same number of
 *      messages of the issue's size to the same SMTP server through the same kind of pool (nodemailer,
 *      4 connections, 20 at a time), with no database;
 *   1. seeds N confirmed subscribers of one language (service-role bulk inserts of 1,000) — the reference
 *      for the queue time: the same N rows written through the API;
 *   2. signs in as the owner and sends an issue now (public.schedule_newsletter_issue, as the composer does);
 *      time to queue = until the issue is `sending` with N deliveries written (one INSERT … SELECT);
 *   3. measures the send rate accepted by SMTP against NEWSLETTER_RATE_PER_MINUTE, and the server's RSS
 *      every 2 s (the reference: its RSS once seeded, before the send);
 *   4. kills the server with SIGKILL midway (after half the messages), restarts it on the same data and
 *      waits for the issue to finish; then counts recipients who got the issue more than once (must be 0),
 *      and compares the SMTP server's count with the issue's figures.
 *
 *   node scripts/bench-newsletter.mjs [--count=50000] [--rate=30000] [--port=4466] [--no-kill]
 */
import { spawn } from "node:child_process";
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const COUNT = arg("count", 50_000);
const RATE = arg("rate", 30_000);
const PORT = arg("port", 4466);
const KILL = !process.argv.includes("--no-kill");
const ROOT = new URL("..", import.meta.url).pathname;
const ADMIN = { email: "owner@bench.test", password: "bench owner password 2026" };
const SUBJECT = `Bench issue ${Date.now()}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------ SMTP sink
const received = new Map(); // recipient -> how many copies of the issue
const arrivals = []; // time of each accepted copy (ms, performance.now())
const REF_SUBJECT = `Reference ${Date.now()}`;
const refArrivals = [];
let issueSize = 0;
let refSize = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    let head = "";
    let size = 0;
    stream.on("data", (c) => {
      size += c.length;
      if (head.length < 4096) head += c;
    });
    stream.on("end", () => {
      if (head.includes(REF_SUBJECT)) {
        refSize ||= size;
        refArrivals.push(performance.now());
      } else if (head.includes(SUBJECT)) {
        issueSize ||= size;
        for (const r of session.envelope.rcptTo) received.set(r.address, (received.get(r.address) ?? 0) + 1);
        arrivals.push(performance.now());
      }
      callback();
    });
  },
});
// A killed server drops its pooled connections: the SMTP server reports ECONNRESET, which is expected.
smtp.on("error", () => {});
await new Promise((r) => smtp.listen(0, "127.0.0.1", r));
const smtpPort = smtp.server.address().port;

// ------------------------------------------------- reference: the same SMTP server with no database
// A message about the size of the issue (the worker's is printed below), html and text, one recipient each.
const REF_COUNT = arg("ref-count", Math.min(COUNT, 10_000));
const refSource = `
import nodemailer from "nodemailer";
const t = nodemailer.createTransport({ host: "127.0.0.1", port: ${smtpPort}, secure: false, ignoreTLS: true, pool: true, maxConnections: 4, maxMessages: 500 });
const html = "<p>" + "Hello from the bench reference. ".repeat(45) + "</p>";
const text = "Hello from the bench reference. ".repeat(25);
for (let i = 0; i < ${REF_COUNT}; i += 20) {
  await Promise.all(Array.from({ length: Math.min(20, ${REF_COUNT} - i) }, (_, j) => t.sendMail({
    from: "bench@bench.test", to: "ref-" + (i + j) + "@example.com", subject: ${JSON.stringify(REF_SUBJECT)}, html, text,
    headers: { "List-Unsubscribe": "<https://bench.test/en/newsletter/unsubscribe?token=" + "x".repeat(120) + ">", Precedence: "bulk" },
  })));
}
t.close();
`;
const refStart = performance.now();
await new Promise((resolve, reject) => {
  const p = spawn(process.execPath, ["--input-type=module", "-e", refSource], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  p.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`reference sender exited (${code})`))));
});
const refMs = performance.now() - refStart;
const refPerMin = (refArrivals.length / (refMs / 1000)) * 60;
console.log(
  `reference: ${refArrivals.length} messages straight to the SMTP server in ${(refMs / 1000).toFixed(1)} s = ${Math.round(refPerMin)}/min`,
);

// ----------------------------------------------------------------------------------- the server
const dataDir = mkdtempSync(join(tmpdir(), "bench-newsletter-"));
const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: '"Bench" <bench@bench.test>',
  PUBLIC_URL: "https://bench.test",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  NEWSLETTER_RATE_PER_MINUTE: String(RATE),
  NEWSLETTER_LEASE_SECONDS: "5",
  MAIL_POLL_MS: "200",
  SUBMIT_RATE_LIMIT: "off",
  AUTH_SIGNIN_RATE_LIMIT: "off",
  AUTH_SIGNIN_IP_RATE_LIMIT: "off",
  LOG_LEVEL: "warn",
};

let child = null;
async function startServer() {
  child = spawn(process.execPath, ["--import", "tsx", "server/api/standalone.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      const m = /listening on (http:\/\/\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
}
const rssMb = () => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
};

const base = await startServer();
const keyOut = await new Promise((resolve) => {
  const p = spawn(process.execPath, ["--import", "tsx", "server/cli/status.ts"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
  let out = "";
  p.stdout.on("data", (d) => (out += d));
  p.on("exit", () => resolve(out));
});
const anon = /ANON_KEY=(\S+)/.exec(keyOut)?.[1];
const service = /SERVICE_ROLE_KEY=(\S+)/.exec(keyOut)?.[1];

async function api(path, { key = service, token = key, method = "GET", body, prefer } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      apikey: key,
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      ...(prefer ? { Prefer: prefer } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const samples = []; // [seconds since send, rss MB, delivered]
const loadAtStart = loadavg()[0];
let sendStart = 0;
try {
  // 1. Seed (the reference for the queue time).
  const seedStart = performance.now();
  for (let i = 0; i < COUNT; i += 1000) {
    const rows = [];
    for (let j = i; j < Math.min(COUNT, i + 1000); j++)
      rows.push({ email: `sub-${j}@example.com`, status: "confirmed", locale: "en", confirmed_at: new Date().toISOString() });
    await api("/rest/v1/newsletter_subscribers", { method: "POST", body: rows, prefer: "return=minimal" });
  }
  const seedMs = performance.now() - seedStart;
  await sleep(2000);
  const idleRss = rssMb();

  // 2. The owner sends an issue now.
  const session = await api("/auth/v1/token?grant_type=password", { key: anon, method: "POST", body: ADMIN });
  const owner = { key: anon, token: session.access_token };
  const [issue] = await api("/rest/v1/newsletter_issues", {
    ...owner,
    method: "POST",
    prefer: "return=representation",
    body: {
      language: "en",
      subject: SUBJECT,
      preheader: "Bench",
      body_html: '<p>Hello from the bench.</p><p><a href="/en/blog">Blog</a></p>',
    },
  });
  const audience = await api("/rest/v1/rpc/newsletter_audience", { ...owner, method: "POST", body: { p_language: "en" } });
  sendStart = performance.now();
  await api("/rest/v1/rpc/schedule_newsletter_issue", { ...owner, method: "POST", body: { p_id: issue.id } });
  let queueMs = NaN;
  for (;;) {
    const [row] = await api(`/rest/v1/newsletter_issues?id=eq.${issue.id}&select=status,recipients`, owner);
    if (row.status !== "scheduled" && row.recipients > 0) {
      queueMs = performance.now() - sendStart;
      console.log(`queued: ${row.recipients} deliveries in ${(queueMs / 1000).toFixed(2)} s (status ${row.status})`);
      break;
    }
    if (performance.now() - sendStart > 120_000) throw new Error("not queued within 120 s");
    await sleep(25);
  }

  // 3 and 4. Send, sample RSS; kill -9 midway; restart; finish.
  const sampler = setInterval(() => {
    samples.push([(performance.now() - sendStart) / 1000, rssMb(), arrivals.length]);
  }, 2000);
  let killedAt = null;
  let restartMs = 0;
  let status = "sending";
  const deadline = performance.now() + Math.max(600_000, (COUNT / RATE) * 60_000 * 3);
  while (status !== "sent") {
    if (KILL && killedAt === null && arrivals.length >= COUNT / 2) {
      killedAt = arrivals.length;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
      console.log(`kill -9 after ${killedAt} messages; restarting`);
      const t = performance.now();
      await startServer();
      restartMs = performance.now() - t;
      const again = await api("/auth/v1/token?grant_type=password", { key: anon, method: "POST", body: ADMIN });
      owner.token = again.access_token;
    }
    await sleep(500);
    const [row] = await api(`/rest/v1/newsletter_issues?id=eq.${issue.id}&select=status`, owner);
    status = row.status;
    if (performance.now() > deadline) throw new Error(`not sent in time (${arrivals.length} delivered)`);
  }
  clearInterval(sampler);
  const totalS = (performance.now() - sendStart) / 1000;
  const figures = (await api("/rest/v1/rpc/newsletter_issue_figures", { ...owner, method: "POST", body: {} })).find(
    (f) => f.issue_id === issue.id,
  );

  // Steady rate: between 10 % and 90 % of the arrivals before the kill (or of all), so start-up and tail do not count.
  const firstLife = arrivals.slice(0, killedAt ?? arrivals.length);
  const a = firstLife[Math.floor(firstLife.length * 0.1)];
  const b = firstLife[Math.floor(firstLife.length * 0.9) - 1];
  const steadyPerMin = ((Math.floor(firstLife.length * 0.9) - 1 - Math.floor(firstLife.length * 0.1)) / ((b - a) / 1000)) * 60;
  const dupes = [...received.values()].filter((n) => n > 1).length;
  const rss = samples.map((s) => s[1]).filter(Number.isFinite);

  console.log("");
  console.log(
    `subscribers: ${COUNT} confirmed (audience ${audience}); seeded through the API in ${(seedMs / 1000).toFixed(2)} s (reference)`,
  );
  console.log(`time to queue the issue: ${(queueMs / 1000).toFixed(2)} s (target < 10 s)`);
  console.log(
    `configured rate: ${RATE}/min; measured steady rate: ${Math.round(steadyPerMin)}/min (${((steadyPerMin / RATE) * 100).toFixed(0)} %)`,
  );
  console.log(
    `reference (no database, same SMTP server, same pool): ${Math.round(refPerMin)}/min; the worker reached ${((steadyPerMin / refPerMin) * 100).toFixed(0)} % of it; message size ${issueSize} bytes (reference ${refSize})`,
  );
  console.log(
    `total: ${arrivals.length} messages accepted by SMTP in ${totalS.toFixed(1)} s${killedAt !== null ? `, restart took ${(restartMs / 1000).toFixed(1)} s` : ""}`,
  );
  console.log(`distinct recipients: ${received.size}; recipients with more than one copy: ${dupes} (must be 0)`);
  console.log(`figures: ${JSON.stringify(figures)}`);
  // Rows being handed to SMTP at the kill are recorded failed ("may have been sent"): some of them may have arrived.
  const extra = figures ? arrivals.length - figures.sent : NaN;
  console.log(
    `SMTP accepted ${arrivals.length} = ${figures?.sent} recorded sent + ${extra} of the ${figures?.failed} recorded failed (interrupted at the kill): ${
      extra >= 0 && extra <= (figures?.failed ?? 0) ? "consistent" : "INCONSISTENT"
    }`,
  );
  console.log(
    `server RSS: ${idleRss} MB seeded and idle (reference); during the send min ${Math.min(...rss)} MB, max ${Math.max(...rss)} MB`,
  );
  console.log(`RSS over time (s: MB, delivered): ${samples.map(([s, m, n]) => `${s.toFixed(0)}:${m},${n}`).join("  ")}`);
  console.log(`machine load average (1 min): ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at the end`);
  if (dupes > 0) process.exitCode = 1;
} finally {
  child?.kill("SIGTERM");
  smtp.close();
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1500);
}
