/**
 * The analytics listener's HTTP/1.1 server (server/analytics/beacon-listener.ts) on the wire: raw sockets,
 * so that pipelining, split and malformed heads, refusals that close and timeouts are what is tested, with
 * the beacon's real rules (server/analytics/beacon.ts). The listener inside the server is tested end to end
 * in tests/conformance/analytics-threads.test.ts.
 */
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_BODY } from "../../src/lib/analytics/event.ts";
import { EventRows, beacon, rowsToColumns, visitorHash } from "./beacon.ts";
import { type BeaconListener, HEAD_MAX, beaconListener } from "./beacon-listener.ts";

const UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const BASE: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
];
const SITE = "https://wasla.example";
const SALT = "salt-of-2026-11-28-0123456789abcdef0123";
const EVENT = JSON.stringify({ k: "view", p: "/en/contact", l: "en", f: ["sales_lead"] });

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

let running: BeaconListener[] = [];
afterEach(async () => {
  await Promise.all(running.map((l) => l.drain()));
  running = [];
});

async function start(opts: { limit?: number; timeouts?: Parameters<typeof beaconListener>[0]["timeouts"] } = {}) {
  const kept = new EventRows();
  const counts = { accepted: 0, ignored: 0, dropped: 0 };
  let hits = 0;
  const rules = beacon({
    limiter: opts.limit === undefined ? null : { hit: () => (++hits <= opts.limit! ? { ok: true } : { ok: false, retryAfter: 30 }) },
    now: () => new Date("2026-11-28T12:00:00Z"),
    target: () => ({ into: kept, room: 10_000 }),
    site: SITE,
    saltOf: (day) => (day === "2026-11-28" ? SALT : undefined),
    added() {},
    counts,
  });
  const observed: number[] = [];
  const listener = beaconListener({
    path: "/api/event",
    baseHeaders: BASE,
    rules,
    clientAddress: (peer, forwardedFor) => forwardedFor?.split(",").pop()?.trim() || peer || null,
    observe: (status) => observed.push(status),
    timeouts: opts.timeouts,
  });
  running.push(listener);
  await new Promise<void>((resolve) => listener.server.listen(0, "127.0.0.1", resolve));
  const port = (listener.server.address() as AddressInfo).port;
  return { listener, port, kept, counts, observed };
}

const post = (body: string, headers: Record<string, string> = {}, target = "/api/event") => {
  const all: Record<string, string> = { Host: "127.0.0.1", "Content-Type": "text/plain;charset=UTF-8", "User-Agent": UA, ...headers };
  if (!("Content-Length" in headers) && !("Transfer-Encoding" in headers)) all["Content-Length"] = String(Buffer.byteLength(body));
  return `POST ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n${body}`;
};

/** Reads answers off a raw byte stream (interim 100s included); `heads` says which answers have no body. */
function parseAnswers(raw: Buffer, heads: Set<number> = new Set()): Answer[] {
  const out: Answer[] = [];
  let at = 0;
  for (;;) {
    const end = raw.indexOf("\r\n\r\n", at);
    if (end < 0) return out;
    const [line, ...fields] = raw.toString("latin1", at, end).split("\r\n");
    const headers: Record<string, string> = {};
    for (const f of fields) headers[f.slice(0, f.indexOf(":")).toLowerCase()] = f.slice(f.indexOf(":") + 1).trim();
    const status = Number(line!.split(" ")[1]);
    const length = heads.has(out.length) || status === 204 || status === 100 ? 0 : Number(headers["content-length"] ?? 0);
    out.push({ status, headers, body: raw.toString("utf8", end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
}

/**
 * Sends `chunks` on one connection (a pause of `gapMs` between them), then waits until the server closes it
 * or `waitMs` passes; returns the bytes received and whether the server closed the connection.
 */
function exchange(port: number, chunks: (string | Buffer)[], o: { gapMs?: number; waitMs?: number } = {}) {
  return new Promise<{ raw: Buffer; closed: boolean }>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const got: Buffer[] = [];
    let closed = false;
    let timer: NodeJS.Timeout;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ raw: Buffer.concat(got), closed });
    };
    socket.on("data", (d) => got.push(d));
    socket.on("end", () => {
      closed = true;
      finish();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (e.code === "ECONNRESET" ? ((closed = true), finish()) : reject(e)));
    socket.once("connect", async () => {
      for (const [i, c] of chunks.entries()) {
        if (i && o.gapMs) await new Promise((r) => setTimeout(r, o.gapMs));
        if (!socket.destroyed) socket.write(c);
      }
      timer = setTimeout(finish, o.waitMs ?? 300);
    });
  });
}

describe("the analytics listener on the wire", () => {
  it("answers an event with 204, the site's headers and a request id, keeps it, and keeps the connection", async () => {
    const { port, kept } = await start();
    const { raw, closed } = await exchange(port, [post(EVENT, { "X-Forwarded-For": "198.51.100.7", "X-Request-Id": "lb-42" })]);
    const [a] = parseAnswers(raw);
    expect(a).toMatchObject({ status: 204, body: "" });
    expect(a!.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cache-control": "no-store",
      "x-request-id": "lb-42",
      connection: "keep-alive",
    });
    expect(a!.headers["content-length"]).toBeUndefined();
    expect(new Date(a!.headers.date!).getTime()).toBeGreaterThan(0);
    expect(closed).toBe(false);
    expect(kept.length).toBe(1);
    // The row as it is written: hashed here with the day's salt, the address and agent gone.
    const [, day, , path, , visitor, , , , device, , forms] = rowsToColumns(kept.rows).map((column) => column[0]);
    expect([day, path, visitor, device, forms]).toEqual([
      "2026-11-28",
      "/en/contact",
      visitorHash(SALT, SITE, "198.51.100.7", UA),
      "mobile",
      "{sales_lead}",
    ]);
    expect(kept.waiting).toEqual([]);
  });

  it("answers pipelined requests in order, in one go, a 400 among them without closing", async () => {
    const { port, kept, observed } = await start();
    const requests = Array.from({ length: 50 }, (_, i) => (i === 20 ? post("{not json") : post(EVENT)));
    const { raw, closed } = await exchange(port, [requests.join("")]);
    const answers = parseAnswers(raw);
    expect(answers.map((a) => a.status)).toEqual(requests.map((_, i) => (i === 20 ? 400 : 204)));
    expect(JSON.parse(answers[20]!.body)).toEqual({ error: "invalid_input", message: "The body is not JSON" });
    expect(answers[20]!.headers.connection).toBe("keep-alive");
    expect(closed).toBe(false);
    expect(kept.length).toBe(49);
    expect(observed.filter((s) => s === 204)).toHaveLength(49);
  });

  it("reads a request that arrives a byte at a time, and empty lines between requests", async () => {
    const { port, kept } = await start();
    const bytes = [...Buffer.from(`\r\n${post(EVENT)}\r\n\r\n${post(EVENT)}`)].map((b) => Buffer.from([b]));
    const { raw } = await exchange(port, bytes, { waitMs: 500 });
    expect(parseAnswers(raw).map((a) => a.status)).toEqual([204, 204]);
    expect(kept.length).toBe(2);
  });

  it("ignores robots and Do Not Track with the same 204, keeping nothing", async () => {
    const { port, kept, counts } = await start();
    const { raw } = await exchange(port, [
      post(EVENT, { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }) +
        post(EVENT, { DNT: "1" }) +
        post(EVENT, { "Sec-GPC": "1" }),
    ]);
    expect(parseAnswers(raw).map((a) => a.status)).toEqual([204, 204, 204]);
    expect(kept.length).toBe(0);
    expect(counts.ignored).toBe(3);
  });

  it("refuses with the beacon's 4xx and closes when the body may still be arriving; what follows is not read", async () => {
    const cases: [string, number, string][] = [
      [post(EVENT, { "Content-Type": "application/x-www-form-urlencoded" }), 415, "Send the event as text/plain or application/json"],
      [post(EVENT, { "Content-Length": String(MAX_BODY + 1) }), 413, `At most ${MAX_BODY} bytes`],
    ];
    for (const [request, status, message] of cases) {
      const { port, kept } = await start();
      const { raw, closed } = await exchange(port, [request + post(EVENT)]);
      const answers = parseAnswers(raw);
      expect(answers.map((a) => a.status)).toEqual([status]);
      expect(JSON.parse(answers[0]!.body)).toEqual({ error: "invalid_input", message });
      expect(answers[0]!.headers.connection).toBe("close");
      expect(answers[0]!.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(closed).toBe(true);
      expect(kept.length).toBe(0);
    }
  });

  it("answers 429 with Retry-After past the rate limit, and closes", async () => {
    const { port, kept } = await start({ limit: 2 });
    const { raw, closed } = await exchange(port, [post(EVENT) + post(EVENT) + post(EVENT) + post(EVENT)]);
    const answers = parseAnswers(raw);
    expect(answers.map((a) => a.status)).toEqual([204, 204, 429]);
    expect(answers[2]!.headers["retry-after"]).toBe("30");
    expect(closed).toBe(true);
    expect(kept.length).toBe(2);
  });

  it("refuses malformed and ambiguous requests with a 4xx and closes, keeping nothing", async () => {
    const framing = `Host: x\r\nContent-Type: text/plain\r\nUser-Agent: ${UA}\r\n`;
    const cases: [string, number][] = [
      [`POST /api/event HTTP/2.0\r\n${framing}Content-Length: ${EVENT.length}\r\n\r\n${EVENT}`, 400],
      [`POST  /api/event HTTP/1.1\r\n${framing}\r\n`, 400],
      [`POST /api/event HTTP/1.1\r\n${framing} folded: line\r\nContent-Length: ${EVENT.length}\r\n\r\n${EVENT}`, 400],
      [`POST /api/event HTTP/1.1\r\n${framing}Bad Name: x\r\n\r\n`, 400],
      [`POST /api/event HTTP/1.1\r\n${framing}X: a\x01b\r\n\r\n`, 400],
      [`POST /api/event HTTP/1.1\nHost: x\nContent-Length: 2\n\n{}`, 400],
      [`POST /api/event HTTP/1.1\r\nHost: x\rContent-Length: 2\r\n\r\n{}`, 400],
      [`POST /api/event HTTP/1.1\r\n${framing}Content-Length: ${EVENT.length}\r\nContent-Length: 3\r\n\r\n${EVENT}`, 400],
      [`POST /api/event HTTP/1.1\r\n${framing}Content-Length: +${EVENT.length}\r\n\r\n${EVENT}`, 400],
      [`POST /api/event HTTP/1.1\r\n${framing}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n`, 400],
      [
        `POST /api/event HTTP/1.1\r\n${framing}Transfer-Encoding: chunked\r\n\r\n${EVENT.length.toString(16)}\r\n${EVENT}\r\n0\r\n\r\n`,
        411,
      ],
      [`POST /api/event HTTP/1.1\r\n${framing}Expect: 200-ok\r\nContent-Length: ${EVENT.length}\r\n\r\n${EVENT}`, 417],
      [`POST /api/event HTTP/1.1\r\n${framing}X-Pad: ${"a".repeat(HEAD_MAX)}\r\n\r\n`, 431],
      [`POST /api/event HTTP/1.1\r\n${framing}X-Pad: ${"a".repeat(HEAD_MAX)}`, 431],
    ];
    for (const [request, status] of cases) {
      const { port, kept } = await start();
      const { raw, closed } = await exchange(port, [request + post(EVENT)]);
      const answers = parseAnswers(raw);
      expect(
        answers.map((a) => a.status),
        JSON.stringify(request.slice(0, 80)),
      ).toEqual([status]);
      expect(JSON.parse(answers[0]!.body)).toMatchObject({ error: "invalid_input" });
      expect(answers[0]!.headers.connection).toBe("close");
      expect(closed).toBe(true);
      expect(kept.length).toBe(0);
    }
  });

  it("sends 100 Continue to a client that waits for it, then takes the body", async () => {
    const { port, kept } = await start();
    const [head, body] = post(EVENT, { Expect: "100-continue" }).split("\r\n\r\n");
    const { raw } = await exchange(port, [`${head}\r\n\r\n`, body!], { gapMs: 100 });
    expect(parseAnswers(raw).map((a) => a.status)).toEqual([100, 204]);
    expect(kept.length).toBe(1);
  });

  it("answers anything but the beacon with a JSON 404 (no body for HEAD), and goes on with the next request", async () => {
    const { port, kept } = await start();
    const requests = [
      "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
      "HEAD /api/event HTTP/1.1\r\nHost: x\r\n\r\n",
      post(EVENT, {}, "/functions/v1/submit-form"),
      post(EVENT, {}, "/api/event?utm_source=x"),
      post(EVENT),
    ];
    const { raw, closed } = await exchange(port, [requests.join("")]);
    const answers = parseAnswers(raw, new Set([1]));
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 204]);
    expect(JSON.parse(answers[0]!.body)).toEqual({ error: "not_found", message: "only POST /api/event is answered here" });
    expect(answers[1]!.body).toBe("");
    expect(Number(answers[1]!.headers["content-length"])).toBeGreaterThan(0);
    expect(closed).toBe(false);
    expect(kept.length).toBe(1);
  });

  it("closes after the answer when the client asks (Connection: close, or HTTP/1.0 without keep-alive)", async () => {
    const { port } = await start();
    for (const request of [post(EVENT, { Connection: "close" }), post(EVENT).replace("HTTP/1.1", "HTTP/1.0")]) {
      const { raw, closed } = await exchange(port, [request + post(EVENT)]);
      const answers = parseAnswers(raw);
      expect(answers.map((a) => a.status)).toEqual([204]);
      expect(answers[0]!.headers.connection).toBe("close");
      expect(closed).toBe(true);
    }
    const { raw, closed } = await exchange(port, [
      post(EVENT).replace("HTTP/1.1", "HTTP/1.0").replace("\r\n\r\n", "\r\nConnection: keep-alive\r\n\r\n"),
    ]);
    expect(parseAnswers(raw)[0]!.headers.connection).toBe("keep-alive");
    expect(closed).toBe(false);
  });

  it("answers 408 to a request that does not finish in time, and closes an idle connection", async () => {
    const { port, kept } = await start({ timeouts: { requestMs: 300, keepAliveMs: 300, sweepMs: 50 } });
    const slow = await exchange(port, [post(EVENT).slice(0, 40)], { waitMs: 2000 });
    expect(parseAnswers(slow.raw).map((a) => a.status)).toEqual([408]);
    expect(slow.closed).toBe(true);
    const idle = await exchange(port, [post(EVENT)], { waitMs: 2000 });
    expect(parseAnswers(idle.raw).map((a) => a.status)).toEqual([204]);
    expect(idle.closed).toBe(true);
    expect(kept.length).toBe(1);
  });

  it("drains: idle connections close at once, a request under way or about to come gets its answer with Connection: close", async () => {
    const { port, listener, kept } = await start();
    const idle = exchange(port, [post(EVENT)], { waitMs: 4000 });
    const [head, body] = post(EVENT).split("\r\n\r\n");
    const busy = exchange(port, [`${head}\r\n\r\n`, body!], { gapMs: 400, waitMs: 4000 });
    // Connected, its request not sent yet (a proxy between connect and send): it still gets its answer.
    const fresh = exchange(port, [Buffer.alloc(0), post(EVENT)], { gapMs: 400, waitMs: 4000 });
    // Connected and silent: closed once the grace for a first request is over.
    const silent = exchange(port, [Buffer.alloc(0)], { waitMs: 4000 });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const drained = listener.drain();
    const [i, b, f, q] = await Promise.all([idle, busy, fresh, silent]);
    await drained;
    for (const c of [i, b, f, q]) expect(c.closed).toBe(true);
    expect(parseAnswers(i.raw).map((a) => a.status)).toEqual([204]);
    for (const c of [b, f]) {
      const answers = parseAnswers(c.raw);
      expect(answers.map((a) => a.status)).toEqual([204]);
      expect(answers[0]!.headers.connection).toBe("close");
    }
    expect(q.raw.length).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(kept.length).toBe(3);
    expect(listener.server.listening).toBe(false);
  });

  it("survives random bytes on many connections: only 4xx answers, nothing kept, then answers a good request", async () => {
    const { port, kept } = await start({ timeouts: { requestMs: 300, sweepMs: 50 } });
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const prefixes = [
      "",
      "POST /api/event HTTP/1.1\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\n",
      `POST /api/event HTTP/1.1\r\nContent-Length: 5\r\n`,
    ];
    const runs = await Promise.all(
      Array.from({ length: 120 }, (_, n) => {
        const noise = Buffer.from(Array.from({ length: 1 + Math.floor(random() * 600) }, () => Math.floor(random() * 256)));
        return exchange(port, [Buffer.concat([Buffer.from(prefixes[n % prefixes.length]!), noise])], { waitMs: 1500 });
      }),
    );
    for (const r of runs) {
      for (const a of parseAnswers(r.raw)) expect(a.status).toBeGreaterThanOrEqual(400);
    }
    expect(kept.length).toBe(0);
    const { raw } = await exchange(port, [post(EVENT)]);
    expect(parseAnswers(raw).map((a) => a.status)).toEqual([204]);
  });
});
