/**
 * The analytics beacon answered by the page threads (docs/analytics.md, "1. The beacon beside cached pages";
 * server/site/page-thread.ts, server/analytics/beacon.ts), against the real server with the production build:
 * the same answers as the main thread's path (tests/conformance/analytics.test.ts), events handed over to the
 * main thread's write buffer and stored, the rate limit shared by the threads (exactly the limit passes), and
 * the events a thread still holds written on a graceful shutdown. Then the analytics listener (ANALYTICS_PORT,
 * docs/analytics.md "A listener of its own"): the beacon on a port of its own, and nothing else there.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { request } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startServer } from "../../server/app.ts";
import { BASE_NICE, mayRestoreNice, threadId } from "../../server/ops/background-priority.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, templateDataDir } from "../support/api-server.ts";
// @ts-expect-error plain ESM helper without types
import { root } from "../../scripts/lib/setup.mjs";

const BUILD = join(root as string, "build/server/index.js");
const UA = {
  phone: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  desktop: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  bot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};
const LIMIT = 25;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a connection of its own (so the kernel may hand it to any thread). */
function post(url: string, body: string, headers: Record<string, string> = {}, method = "POST", path = "/api/event"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method,
        agent: false,
        headers: {
          "Content-Type": "text/plain;charset=UTF-8",
          "User-Agent": UA.phone,
          "Content-Length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function start(pageThreads: number, extraEnv: Record<string, string> = {}) {
  const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
  const dataDir = mkdtempSync(join(tmpdir(), "analytics-threads-"));
  cpSync(await templateDataDir(), dataDir, { recursive: true });
  const app = await startServer({
    build,
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      // The layout these tests describe: every visitor connection reaches a page thread.
      PAGE_THREADS_MAIN_LISTENS: "off",
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Each test speaks for addresses of its own, through a proxy on loopback, as the main thread would see them.
      TRUST_PROXY: "loopback",
      ANALYTICS_RATE_LIMIT: `${LIMIT}/60`,
      ANALYTICS_FLUSH_MS: "60000",
      ANALYTICS_FLUSH_EVENTS: "10000",
      ANALYTICS_ROLLUP_MS: "3600000",
      ANALYTICS_WEEKLY_REPORT: "off",
      ...extraEnv,
    },
    log: quietLog as never,
    pageThreads,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return { app, dataDir };
}

/** Threads of this process scheduled SCHED_IDLE (policy 5, field 41 of /proc/…/stat). */
const idleThreads = () =>
  readdirSync("/proc/self/task").filter((t) => {
    try {
      const stat = readFileSync(`/proc/self/task/${t}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38] === "5";
    } catch {
      return false; // a thread that ended meanwhile
    }
  }).length;

/** This process's threads: id, name and nice value. */
const threads = () =>
  readdirSync("/proc/self/task").flatMap((t) => {
    try {
      const stat = readFileSync(`/proc/self/task/${t}/stat`, "utf8");
      return [
        {
          tid: t,
          name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
          nice: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]),
          idle: stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38] === "5",
        },
      ];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });

const view = (p: string, extra: object = {}) => JSON.stringify({ k: "view", p, l: "en", ...extra });

describe.skipIf(!existsSync(BUILD) || process.platform !== "linux")("the analytics beacon on the page threads", () => {
  let app: RunningApp;
  let dataDir: string;
  beforeAll(async () => {
    ({ app, dataDir } = await start(2));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const collector = () => app.api!.analytics.collector;
  const rows = async (path: string) =>
    (
      await app.api!.db.query<{ kind: string; device: string; channel: string; form: string | null }>(
        "select kind, device, channel, form from public.analytics_events where path = $1 order by kind, device",
        [path],
      )
    ).rows;

  it("answers 204 on the thread and hands the events to the main thread, which stores them", async () => {
    const beaconsBefore = app.threadBeacons();
    const completedBefore = collector().stats.completed;
    const xff = { "X-Forwarded-For": "198.51.100.1" };
    const answers = await Promise.all([
      post(app.url, view("/en/thread-stored"), xff),
      post(
        app.url,
        JSON.stringify([
          { k: "form_start", p: "/en/thread-stored", l: "en", f: "sales_lead" },
          { k: "view", p: "/en/thread-stored", l: "en" },
        ]),
        {
          ...xff,
          "User-Agent": UA.desktop,
        },
      ),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(204);
      expect(a.headers["set-cookie"]).toBeUndefined();
      expect(a.headers["cache-control"]).toBe("no-store");
      expect(a.headers["x-content-type-options"]).toBe("nosniff");
      expect(a.headers["x-request-id"]).toBeTruthy();
    }
    await collector().flush();
    // Every visitor connection goes to a page thread (the main thread no longer listens on the port). A thread
    // counts a request when its connection is done with the response, which may be just after the client read it.
    for (let i = 0; i < 50 && app.threadBeacons() - beaconsBefore < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(app.threadBeacons() - beaconsBefore).toBe(2);
    expect(await rows("/en/thread-stored")).toEqual([
      { kind: "form_start", device: "desktop", channel: "direct", form: "sales_lead" },
      { kind: "view", device: "desktop", channel: "direct", form: null },
      { kind: "view", device: "mobile", channel: "direct", form: null },
    ]);
    // The thread hashed the visitors itself, with the day's salt the main thread sent it.
    expect(collector().stats.completed).toBe(completedBefore);
    const { visitorHash } = await import("../../server/analytics/beacon.ts");
    const db = app.api!.db;
    const salt = (
      await db.query<{ salt: string }>("select salt from public.analytics_salts where day = $1", [new Date().toISOString().slice(0, 10)])
    ).rows[0]!.salt;
    const visitors = await db.query<{ visitor: string; device: string }>(
      "select distinct visitor, device from public.analytics_events where path = '/en/thread-stored' order by device",
    );
    expect(visitors.rows).toEqual([
      { visitor: visitorHash(salt, collector().share.site, "198.51.100.1", UA.desktop), device: "desktop" },
      { visitor: visitorHash(salt, collector().share.site, "198.51.100.1", UA.phone), device: "mobile" },
    ]);
  });

  it("refuses bad input with the main thread's 4xx and messages, and keeps nothing", async () => {
    const xff = { "X-Forwarded-For": "198.51.100.2" };
    const { parseEvents } = await import("../../src/lib/analytics/event.ts");
    // The schema's own message, as the main thread gives it.
    const schemaMessage = (body: unknown) => {
      const parsed = parseEvents(body);
      expect(parsed.ok).toBe(false);
      return parsed.ok ? "" : parsed.message;
    };
    const withQuery = { k: "view", p: "/en/thread-bad?email=someone@example.com", l: "en" };
    const noForm = { k: "form_start", p: "/en/thread-bad", l: "en" };
    const unknownKey = { k: "view", p: "/en/thread-bad", l: "en", visitor: "mine" };
    const cases: [number, string, Promise<Answer>][] = [
      [
        415,
        "Send the event as text/plain or application/json",
        post(app.url, view("/en/thread-bad"), { ...xff, "Content-Type": "application/x-www-form-urlencoded" }),
      ],
      [413, "At most 4096 bytes", post(app.url, view("/en/thread-bad", { pad: "x".repeat(5000) }), xff)],
      [400, "The body is not JSON", post(app.url, "{not json", xff)],
      [400, schemaMessage(withQuery), post(app.url, JSON.stringify(withQuery), xff)],
      [400, schemaMessage(noForm), post(app.url, JSON.stringify(noForm), xff)],
      [400, schemaMessage(unknownKey), post(app.url, JSON.stringify(unknownKey), xff)],
    ];
    for (const [status, message, answer] of cases) {
      const a = await answer;
      expect(a.status).toBe(status);
      expect(JSON.parse(a.body)).toEqual({ error: "invalid_input", message });
      if (status === 413 || status === 415) expect(a.headers.connection).toBe("close");
    }
    await collector().flush();
    expect(await rows("/en/thread-bad")).toEqual([]);
  });

  it("ignores robots and visitors who ask not to be tracked with the same 204, storing nothing", async () => {
    const xff = { "X-Forwarded-For": "198.51.100.3" };
    const ignoredBefore = collector().stats.ignored;
    const answers = await Promise.all([
      post(app.url, view("/en/thread-ignored"), { ...xff, "User-Agent": UA.bot }),
      post(app.url, view("/en/thread-ignored"), { ...xff, "User-Agent": "" }),
      post(app.url, view("/en/thread-ignored"), { ...xff, DNT: "1" }),
      post(app.url, view("/en/thread-ignored"), { ...xff, "Sec-GPC": "1" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204]);
    await collector().flush();
    expect(collector().stats.ignored - ignoredBefore).toBe(4);
    expect(await rows("/en/thread-ignored")).toEqual([]);
  });

  it("counts the rate limit once for all threads: exactly the limit passes, per client address", async () => {
    const xff = { "X-Forwarded-For": "198.51.100.4" };
    const answers = await Promise.all(Array.from({ length: 3 * LIMIT }, () => post(app.url, view("/en/thread-limited"), xff)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * LIMIT);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(Number(a.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(a.headers.connection).toBe("close");
    }
    // Another address (through the trusted proxy) has a limit of its own; a forged hop in front does not change it.
    expect((await post(app.url, view("/en/thread-limited"), { "X-Forwarded-For": "198.51.100.5" })).status).toBe(204);
    expect((await post(app.url, view("/en/thread-limited"), { "X-Forwarded-For": "10.9.9.9, 198.51.100.4" })).status).toBe(429);
    await collector().flush();
    expect(await rows("/en/thread-limited")).toHaveLength(LIMIT + 1);
  });
});

describe.skipIf(!existsSync(BUILD) || process.platform !== "linux")("the beacon's events held by a page thread on shutdown", () => {
  let dataDir = "";
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("are handed over and written before the database closes (none lost on SIGTERM)", async () => {
    const started = await start(1);
    dataDir = started.dataDir;
    const { app } = started;
    const stats = app.api!.analytics.collector.stats;
    const sent = 40;
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        post(app.url, view(`/en/thread-shutdown-${i % 4}`), { "X-Forwarded-For": `192.0.2.${i + 1}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(sent).fill(204));
    expect(stats.written).toBe(0);
    await app.shutdown({ delayMs: 0, graceMs: 3000 });
    expect(stats.written).toBe(sent);
    expect(stats.dropped).toBe(0);
  }, 60_000);
});

describe.skipIf(!existsSync(BUILD) || process.platform !== "linux")("the analytics listener (ANALYTICS_PORT)", () => {
  const started: { dataDir: string; app: RunningApp }[] = [];
  afterAll(async () => {
    for (const s of started) {
      await s.app.close().catch(() => {});
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  });
  const rowsOf = async (app: RunningApp, path: string) =>
    (await app.api!.db.query<{ n: number }>("select count(*)::int as n from public.analytics_events where path = $1", [path])).rows[0]!.n;

  for (const pageThreads of [0, 1]) {
    it(`answers the beacon on its own port and nothing else, with ${pageThreads} page thread(s); the site's port still answers it`, async () => {
      const idleBefore = idleThreads();
      const s = await start(pageThreads, { ANALYTICS_PORT: "0", PAGE_THREADS_MAIN_LISTENS: "on" });
      started.push(s);
      // The listener's thread gives way to every other (SCHED_IDLE); the page threads keep the normal policy.
      expect(idleThreads() - idleBefore).toBe(1);
      const { app } = s;
      expect(app.analyticsPort).toBeGreaterThan(0);
      expect(app.analyticsPort).not.toBe(app.port);
      const beaconUrl = `http://127.0.0.1:${app.analyticsPort}`;
      const path = `/en/listener-${pageThreads}`;
      const xff = { "X-Forwarded-For": `198.51.100.${20 + pageThreads}` };

      const own = await post(beaconUrl, view(path), xff);
      expect(own.status).toBe(204);
      expect(own.headers["set-cookie"]).toBeUndefined();
      expect(own.headers["cache-control"]).toBe("no-store");
      expect(own.headers["x-request-id"]).toBeTruthy();
      expect((await post(app.url, view(path), xff)).status).toBe(204);

      // Bad input: the same 4xx and message as on the site's port, nothing kept.
      const bad = await post(beaconUrl, "{not json", xff);
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body)).toEqual({ error: "invalid_input", message: "The body is not JSON" });
      expect((await post(beaconUrl, view(path), { ...xff, "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(415);
      // Anything but the beacon: 404, never a page, never forwarded.
      for (const [method, target] of [
        ["GET", "/"],
        ["GET", "/en/blog"],
        ["POST", "/functions/v1/submit-form"],
        ["POST", "/api/event?utm_source=x"],
        ["GET", "/api/event"],
      ] as const) {
        const a = await post(beaconUrl, method === "GET" ? "" : view(path), xff, method, target);
        expect(a.status, `${method} ${target}`).toBe(404);
        expect(JSON.parse(a.body)).toMatchObject({ error: "not_found" });
        expect(a.headers["x-content-type-options"]).toBe("nosniff");
      }
      await app.api!.analytics.collector.flush();
      expect(await rowsOf(app, path)).toBe(2);
    }, 120_000);
  }

  it("shares the rate limit with the site's port: one address gets the limit once", async () => {
    const { app } = started[0]!;
    const beaconUrl = `http://127.0.0.1:${app.analyticsPort}`;
    const xff = { "X-Forwarded-For": "198.51.100.30" };
    const answers = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_, i) => post(i % 2 ? app.url : beaconUrl, view("/en/listener-limited"), xff)),
    );
    expect(answers.filter((a) => a.status === 204)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(LIMIT);
  });

  it("writes the events it holds on a graceful shutdown", async () => {
    const { app, dataDir } = await start(0, { ANALYTICS_PORT: "0" });
    try {
      const stats = app.api!.analytics.collector.stats;
      const sent = 30;
      const beaconUrl = `http://127.0.0.1:${app.analyticsPort}`;
      const answers = await Promise.all(
        Array.from({ length: sent }, (_, i) => post(beaconUrl, view("/en/listener-shutdown"), { "X-Forwarded-For": `192.0.2.${i + 1}` })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(sent).fill(204));
      expect(stats.written).toBe(0);
      await app.shutdown({ delayMs: 0, graceMs: 3000 });
      expect(stats.written).toBe(sent);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("keeps the normal scheduling with ANALYTICS_LISTENER_PRIORITY=normal, and refuses another value (and a bad ANALYTICS_BACKGROUND_NICE)", async () => {
    const idleBefore = idleThreads();
    const { app, dataDir } = await start(0, { ANALYTICS_PORT: "0", ANALYTICS_LISTENER_PRIORITY: "normal" });
    try {
      expect(idleThreads()).toBe(idleBefore);
      expect((await post(`http://127.0.0.1:${app.analyticsPort}`, view("/en/listener-normal"))).status).toBe(204);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await expect(start(0, { ANALYTICS_PORT: "0", ANALYTICS_LISTENER_PRIORITY: "low" })).rejects.toThrow(
      /ANALYTICS_LISTENER_PRIORITY must be idle or normal, not "low"/,
    );
    await expect(start(0, { ANALYTICS_BACKGROUND_NICE: "20" })).rejects.toThrow(
      /ANALYTICS_BACKGROUND_NICE must be a whole number from 0 to 19, not "20"/,
    );
  }, 120_000);

  // A thread starts at the nice value of the thread that creates it; the main thread may be writing analytics
  // events at nice 10 just then (server/ops/background-priority.ts). Putting 0 back needs CAP_SYS_NICE (root).
  it.runIf(mayRestoreNice())(
    "page threads and the listener take the main thread's usual nice value and policy, whatever they were at their start",
    async () => {
      const before = new Set(threads().map((t) => t.tid));
      // As if the threads were started in the middle of a background write (nice value, or SCHED_IDLE).
      setPriority(0, Math.min(19, BASE_NICE + 10));
      const self = threadId();
      const chrt = (policy: string) => promisify(execFile)("chrt", [`--${policy}`, "--pid", "0", String(self)]);
      await chrt("idle");
      let started: Awaited<ReturnType<typeof start>> | undefined;
      try {
        started = await start(2, { ANALYTICS_PORT: "0" });
      } finally {
        await chrt("other");
        setPriority(0, BASE_NICE);
      }
      try {
        // Node 24 names a worker's thread WorkerThread; Node 22 leaves it "node".
        const fresh = threads().filter((t) => !before.has(t.tid) && (t.name === "WorkerThread" || t.name === "node"));
        // two page threads and the listener
        expect(fresh.length).toBeGreaterThanOrEqual(3);
        expect(fresh.map((t) => t.nice)).toEqual(fresh.map(() => BASE_NICE));
        // The listener alone stays at SCHED_IDLE (its own choice); the page threads are back at the normal policy.
        expect(fresh.filter((t) => t.idle)).toHaveLength(1);
      } finally {
        await started!.app.close();
        rmSync(started!.dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it("refuses to start with a bad ANALYTICS_PORT or one that another program holds", async () => {
    await expect(start(0, { ANALYTICS_PORT: "http" })).rejects.toThrow(/ANALYTICS_PORT must be a port number, not "http"/);
    const holder = createNetServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    try {
      const taken = (holder.address() as AddressInfo).port;
      await expect(start(0, { ANALYTICS_PORT: String(taken) })).rejects.toThrow(`could not listen on ANALYTICS_PORT ${taken}`);
    } finally {
      holder.close();
    }
  }, 120_000);
});
