/**
 * Health and graceful shutdown (docs/serving.md, "Health and shutdown"): /healthz and /readyz; on
 * SIGTERM a node reports not ready, stops accepting, lets a request whose body is still arriving finish
 * and store its row, then exits; /readyz is 503 within 2 s of the database going away and 200 again
 * once it is back; `npm start` passes SIGTERM on to the server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import { type Server, type Socket, connect, createServer } from "node:net";
import express from "express";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/api/jwt.ts";
import { openPglite } from "../../server/db/database.ts";
import { startMailWorker } from "../../server/mail/worker.ts";
import { startSmtp } from "../support/smtp.ts";
import { createHealth, healthRoutes } from "../../server/ops/health.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, templateDataDir } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const procs: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const d = mkdtempSync(join(tmpdir(), "api-shutdown-"));
  dirs.push(d);
  cpSync(await templateDataDir(), d, { recursive: true });
  return d;
}

/** Starts `command` and resolves with the address once it printed "listening on". */
function launch(command: string, args: string[], env: Record<string, string>) {
  const proc = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, SITE: "off", PORT: "0", HOST: "127.0.0.1", ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  procs.push(proc);
  let out = "";
  const exited = new Promise<number | null>((r) => proc.once("exit", (code) => r(code)));
  const url = new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" within 90 s:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    void exited.then(() => reject(new Error(`exited before listening:\n${out}`)));
  });
  return { proc, url, exited, output: () => out };
}

const newsletter = (email: string) =>
  JSON.stringify({ formType: "newsletter", payload: { email }, path: "/", locale: "en", submissionId: randomUUID() });

/** Sends the head and the first half of a form submission; `finish()` sends the rest and reads the answer. */
function slowSubmission(url: string, anonKey: string, body: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  let answer = "";
  socket.on("data", (d) => (answer += d.toString()));
  const ended = new Promise<string>((r) => socket.once("close", () => r(answer)));
  const half = Math.floor(body.length / 2);
  const started = new Promise<void>((r) =>
    socket.once("connect", () => {
      socket.write(
        `POST /functions/v1/submit-form HTTP/1.1\r\nHost: ${hostname}:${port}\r\napikey: ${anonKey}\r\nAuthorization: Bearer ${anonKey}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
      r();
    }),
  );
  return {
    started,
    finish: () => {
      socket.write(body.slice(half));
      return ended;
    },
  };
}

describe("SIGTERM on a node", () => {
  it("reports not ready, finishes a request whose body is still arriving, stores it, then exits", async () => {
    const dir = await dataDir();
    const anonKey = apiKeys(readFileSync(join(dir, "jwt-secret"), "utf8").trim()).anonKey;
    const server = launch(process.execPath, ["--liftoff-only", "server/main.ts"], {
      DATA_DIR: dir,
      SHUTDOWN_DELAY_SECONDS: "1",
      SHUTDOWN_GRACE_SECONDS: "20",
    });
    const url = await server.url;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, database: "ok", migrations: "current", draining: false });
    expect((await fetch(`${url}/auth/v1/health`)).status).toBe(200);

    const email = `draining-${randomUUID().slice(0, 8)}@example.ae`;
    const slow = slowSubmission(url, anonKey, newsletter(email));
    await slow.started;
    await new Promise((r) => setTimeout(r, 200));
    server.proc.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));

    // During SHUTDOWN_DELAY_SECONDS: still answering, but not ready; alive all the same.
    const draining = await fetch(`${url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ ready: false, draining: true });
    expect(draining.headers.get("connection")).toBe("close");
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/auth/v1/health`)).status).toBe(503);

    // After the delay: no new connections.
    await new Promise((r) => setTimeout(r, 1200));
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();

    // The request that was under way is read to its end, stored and answered.
    const answer = await slow.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 20[01] /);
    expect(await server.exited).toBe(0);

    const db = await openPglite(join(dir, "pg"));
    try {
      const r = await db.query("select 1 from public.form_submissions where payload->>'email' = $1", [email]);
      expect(r.rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 120_000);

  // `npm start` would run `npm ci` first when node_modules looks older than the lockfile: not in a test.
  const marker = join(ROOT, "node_modules/.package-lock.json");
  const depsCurrent = existsSync(marker) && statSync(marker).mtimeMs >= statSync(join(ROOT, "package-lock.json")).mtimeMs;
  it.skipIf(!depsCurrent)(
    "npm start passes SIGTERM on to the supervisor and the server, and ends when they do",
    async () => {
      const dir = await dataDir();
      const npm = launch("npm", ["start", "--silent"], { DATA_DIR: dir });
      const url = await npm.url;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      npm.proc.kill("SIGTERM");
      expect(await npm.exited).toBe(0);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
      expect(npm.output()).toMatch(/SIGTERM: stopping the server/);
    },
    120_000,
  );
});

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
function tcpProxy(target: URL) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  let port = 0;
  const open = () =>
    new Promise<void>((r) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as { port: number }).port;
        r();
      });
    });
  return {
    open,
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server?.close(() => r());
      }),
  };
}

describe.each(backends)("/readyz when the database goes away ($name)", (backend) => {
  it("answers 503 within 2 s of losing the database and 200 again once it is back", async () => {
    const { databaseUrl, env, teardown } = await backend.setup();
    const proxy = databaseUrl ? tcpProxy(new URL(databaseUrl)) : null;
    let url = databaseUrl;
    if (proxy) {
      await proxy.open();
      const u = new URL(databaseUrl!);
      u.host = `127.0.0.1:${proxy.port}`;
      url = u.toString();
    }
    const srv = await startServer({ databaseUrl: url, env: { ...env, DATABASE_ACQUIRE_TIMEOUT_MS: "1000" } });
    // The API's own readiness, behind the same routes the site serves.
    const app = express().use(healthRoutes(srv.api.health));
    const http = await new Promise<HttpServer>((r) => {
      const s = app.listen(0, "127.0.0.1", () => r(s));
    });
    const base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
    const readyz = async () => {
      const t = Date.now();
      const r = await fetch(`${base}/readyz`);
      return { status: r.status, ms: Date.now() - t, body: (await r.json()) as { database: string } };
    };
    // Without PostgreSQL, the database going away is simulated: its queries fail or hang.
    const realQuery = srv.api.db.query.bind(srv.api.db);
    try {
      expect((await readyz()).status).toBe(200);
      const lost = Date.now();
      if (proxy) await proxy.cut();
      else srv.api.db.query = () => new Promise(() => {});
      let answer = await readyz();
      while (answer.status !== 503 && Date.now() - lost < 5000) answer = await readyz();
      expect(answer.status).toBe(503);
      expect(Date.now() - lost).toBeLessThan(2000);
      expect(answer.ms).toBeLessThan(2000);
      expect(["unreachable", "timeout"]).toContain(answer.body.database);
      expect((await fetch(`${srv.url}/auth/v1/health`)).status).toBe(503);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      if (proxy) await proxy.open();
      else srv.api.db.query = realQuery;
      const back = Date.now();
      answer = await readyz();
      while (answer.status !== 200 && Date.now() - back < 15_000) {
        await new Promise((r) => setTimeout(r, 100));
        answer = await readyz();
      }
      expect(answer.status).toBe(200);
      expect((await fetch(`${srv.url}/auth/v1/health`)).status).toBe(200);
      // A node with no API (API=off) is ready whenever it is not shutting down.
      const bare = createHealth({ db: null });
      expect((await bare.check()).ready).toBe(true);
      bare.drain();
      expect((await bare.check()).ready).toBe(false);
    } finally {
      srv.api.db.query = realQuery;
      http.close();
      await srv.close();
      await teardown();
    }
  }, 60_000);
});

describe("mail claims at shutdown", () => {
  it("a stopping server hands back the messages it claimed, without waiting for the lease", async () => {
    // An SMTP server that accepts connections and never greets: every send hangs.
    const silent: Socket[] = [];
    const smtp = createServer((s) => void silent.push(s.on("error", () => undefined)));
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
    const port = (smtp.address() as { port: number }).port;
    const srv = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "site@example.com", MAIL_POLL_MS: "100" } });
    try {
      const email = `claimed-${randomUUID().slice(0, 8)}@example.ae`;
      const res = await fetch(`${srv.url}/functions/v1/submit-form`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
        body: newsletter(email),
      });
      expect(res.status).toBeLessThan(300);
      const state = () =>
        srv.api.db
          .query<{ status: string; attempts: number; locked_until: string | null }>(
            "select status, attempts, locked_until from public.mail_outbox where recipient = $1",
            [email],
          )
          .then((r) => r.rows[0]);
      const started = Date.now();
      while ((await state())?.status !== "sending" && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 100));
      expect((await state())?.status).toBe("sending");

      await srv.api.mail.worker.stop({ graceMs: 300 });
      expect(await state()).toMatchObject({ status: "pending", attempts: 0, locked_until: null });
    } finally {
      for (const s of silent) s.destroy();
      smtp.close();
      await srv.close();
    }
  }, 60_000);
});

describe("mail claims of a server that died", () => {
  it("a live worker keeps renewing its claim; once it dies another worker sends the message within the lease", async () => {
    // Worker A (one identity) claims through an SMTP server that never greets: its send hangs.
    const silent: Socket[] = [];
    const hang = createServer((s) => void silent.push(s.on("error", () => undefined)));
    await new Promise<void>((r) => hang.listen(0, "127.0.0.1", () => r()));
    const good = await startSmtp();
    // The server's own worker has no SMTP: it renders the message but sends nothing.
    const srv = await startServer({ env: { MAIL_POLL_MS: "100" } });
    const quiet = { info() {}, warn() {}, error() {} };
    const worker = (smtpUrl: string) =>
      startMailWorker({
        db: srv.api.db,
        env: { SMTP_URL: smtpUrl, MAIL_FROM: "site@example.com", MAIL_POLL_MS: "100", MAIL_LEASE_SECONDS: "1" },
        log: quiet,
        siteUrl: srv.url,
        secret: srv.api.jwtSecret,
      });
    const a = worker(`smtp://127.0.0.1:${(hang.address() as { port: number }).port}`);
    let b: ReturnType<typeof worker> | null = null;
    try {
      const email = `orphaned-${randomUUID().slice(0, 8)}@example.ae`;
      const res = await fetch(`${srv.url}/functions/v1/submit-form`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
        body: newsletter(email),
      });
      expect(res.status).toBeLessThan(300);
      const state = () =>
        srv.api.db
          .query<{ status: string; attempts: number }>("select status, attempts from public.mail_outbox where recipient = $1", [email])
          .then((r) => r.rows[0]);
      const started = Date.now();
      while ((await state())?.status !== "sending" && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 100));
      expect(await state()).toMatchObject({ status: "sending", attempts: 1 });

      // Worker B (another identity) runs beside it: for three leases A is alive and keeps the claim.
      b = worker(good.url);
      await new Promise((r) => setTimeout(r, 3000));
      expect(good.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
      expect(await state()).toMatchObject({ status: "sending", attempts: 1 });

      // A dies (no hand-back, no renewals): B sends the message within about a lease, not 5 minutes.
      const died = Date.now();
      a.halt();
      await good.waitFor((m) => m.to.includes(email), 5000);
      expect(Date.now() - died).toBeLessThan(4000);
      await expect.poll(state, { timeout: 3000 }).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      a.halt();
      await b?.stop({ graceMs: 200 });
      for (const s of silent) s.destroy();
      hang.close();
      await good.close();
      await srv.close();
    }
  }, 30_000);
});
