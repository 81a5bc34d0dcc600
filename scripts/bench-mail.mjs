#!/usr/bin/env node
/**
 * Lead-to-inbox latency: the time from a visitor's submit (POST /functions/v1/submit-form) to the
 * sales notification accepted by the SMTP server, for N leads sent one after another.
 * Starts the API-only server (server/api/standalone.ts, embedded PGlite in a temporary directory)
 * in its own process and a local SMTP server (smtp-server) in this one; loopback only.
 *
 *   node scripts/bench-mail.mjs [--count=100] [--port=4465]
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const COUNT = arg("count", 100);
const PORT = arg("port", 4465);
const ROOT = new URL("..", import.meta.url).pathname;

const accepted = new Map(); // submission email -> time the SMTP server accepted the notification
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (c) => (raw += c));
    stream.on("end", () => {
      const at = performance.now();
      if (session.envelope.rcptTo.some((r) => r.address === "sales@bench.test")) {
        const m = /bench-\d+@example\.com/.exec(raw);
        if (m) accepted.set(m[0], at);
      }
      callback();
    });
  },
});
await new Promise((r) => smtp.listen(0, "127.0.0.1", r));
const smtpPort = smtp.server.address().port;

const dataDir = mkdtempSync(join(tmpdir(), "bench-mail-"));
const child = spawn(process.execPath, ["--import", "tsx", "server/api/standalone.ts"], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: '"Bench" <bench@bench.test>',
    SALES_NOTIFY_EMAIL: "sales@bench.test",
    SUBMIT_RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const base = await new Promise((resolve, reject) => {
  child.stdout.on("data", (d) => {
    const m = /listening on (http:\/\/\S+)/.exec(String(d));
    if (m) resolve(m[1]);
  });
  child.on("exit", (code) => reject(new Error(`server exited (${code})`)));
});
const keyOut = await new Promise((resolve) => {
  const p = spawn(process.execPath, ["--import", "tsx", "server/cli/status.ts"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
  let out = "";
  p.stdout.on("data", (d) => (out += d));
  p.on("exit", () => resolve(out));
});
const anon = /ANON_KEY=(\S+)/.exec(keyOut)?.[1];

const times = [];
try {
  for (let i = 0; i < COUNT; i++) {
    const email = `bench-${i}@example.com`;
    const started = performance.now();
    const res = await fetch(`${base}/functions/v1/submit-form`, {
      method: "POST",
      headers: { "Content-Type": "application/json", apikey: anon, Authorization: `Bearer ${anon}` },
      body: JSON.stringify({
        formType: "sales_lead",
        payload: {
          fullName: "Bench Lead",
          email,
          countryCode: "+971",
          phoneNumber: "501234567",
          phone: "+971501234567",
          country: "UAE",
          city: "",
          company: "",
          preferredCallTime: "9-5",
          isEnterpriseInterested: false,
        },
        path: "/contact",
        locale: "ar",
        timeZone: "Asia/Dubai",
        submissionId: randomUUID(),
      }),
    });
    if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
    const deadline = Date.now() + 30_000;
    while (!accepted.has(email)) {
      if (Date.now() > deadline) throw new Error(`no notification for ${email} within 30 s`);
      await new Promise((r) => setTimeout(r, 2));
    }
    times.push(accepted.get(email) - started);
  }
} finally {
  child.kill("SIGTERM");
  smtp.close();
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`submit → sales notification accepted by SMTP, ${times.length} leads one after another:`);
console.log(
  `median ${median.toFixed(0)} ms, p90 ${times[Math.floor(times.length * 0.9)].toFixed(0)} ms, worst ${times.at(-1).toFixed(0)} ms, best ${times[0].toFixed(0)} ms`,
);
