/**
 * A page thread (started by server/site/page-threads.ts): listens on the server's own port beside the main
 * thread (SO_REUSEPORT: the kernel spreads connections over both), answers stored pages from the copy the
 * main thread sends it, and hands every other request to the main thread over a private socket, one
 * upstream connection per visitor connection so the main thread sees the visitor's own address.
 *
 * It also answers the analytics beacon (POST /api/event) itself, with the collector's own rules
 * (server/analytics/beacon.ts) and the rate limit's counters shared with every thread
 * (server/api/shared-rate-limit.ts), turns each kept event into its row (visitor hash included, with the
 * day's salt the main thread sends) and hands the rows to the main thread's write buffer in batches (every
 * BATCH_MS or BATCH_EVENTS events, one string), where they are written like the main thread's own.
 *
 * With `role: "beacon"` the thread is the analytics listener (ANALYTICS_PORT, docs/analytics.md): on a port
 * of its own, it answers the beacon and nothing else (404), so no thread that serves pages answers it. It
 * does so with a small HTTP/1.1 server of its own (server/analytics/beacon-listener.ts) rather than
 * node:http, and at the lowest scheduling priority (SCHED_IDLE, ANALYTICS_LISTENER_PRIORITY), so that a page
 * thread never waits for a core behind it.
 *
 * It holds no database, no React build and no Express stack: Node runs this file without a loader (type
 * stripping), and it imports only the page cache, the writer, the beacon's rules (valibot), the thread-priority helpers and Express for
 * the trust-proxy function.
 */
import { type IncomingMessage, type ServerResponse, Agent, createServer, request } from "node:http";
import { type AddressInfo, type Socket, connect } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { execFile } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import { promisify } from "node:util";
import express from "express";
import { type CachedPage, PageCache, carriesCredentials, dayStamp, pastExpiry } from "./page-cache.ts";
import {
  CLOSE_HEADER,
  PEER_HEADER,
  STATE_GENERATION,
  STATE_HITS,
  STATE_WRITES,
  type ThreadData,
  type ThreadMessage,
} from "./page-threads.ts";
import { isSecure, pageWriter } from "./page-wire.ts";
import { REQUEST_ID_HEADER, requestIdFor } from "../ops/request-id.ts";
import { THREAD_SLOTS, observeInto } from "../ops/metrics.ts";
import { type TrustFn, clientAddressWith } from "../api/client-address.ts";
import { SharedRateLimiter } from "../api/shared-rate-limit.ts";
import { policyOf, threadId } from "../ops/background-priority.ts";
import { EventRows, beacon } from "../analytics/beacon.ts";
import { beaconListener } from "../analytics/beacon-listener.ts";
import type { ThreadReport } from "./page-threads.ts";

const data = workerData as ThreadData;
const state = new Int32Array(data.state);
const counters = new Float64Array(data.metrics, 0, THREAD_SLOTS);
const beaconCounters = new Float64Array(data.metrics, THREAD_SLOTS * 8, THREAD_SLOTS);
const report = (m: ThreadReport) => parentPort!.postMessage(m);
const { write, targetOf } = pageWriter({
  baseHeaders: data.baseHeaders,
  sMaxAge: data.sMaxAge,
  staleWhileRevalidate: data.staleWhileRevalidate,
  now: Date.now,
});
// Express's own trust function, as the main thread's app has it (proxy-addr): for the scheme and the client's address.
const trust = express().set("trust proxy", data.trustProxy).get("trust proxy fn") as TrustFn &
  ((a: string | undefined, i: number) => boolean);
const secure = isSecure(trust);
const pages = new PageCache(data.cacheBytes, 5000);
const notFound = new PageCache(Math.max(1024 * 1024, data.cacheBytes / 8), 500);

// ------------------------------------------------------------------------------------------ the beacon
/** A batch goes to the main thread after this long or this many events, whichever comes first. */
const BATCH_MS = 200;
const BATCH_EVENTS = 500;
/** What a thread holds if the main thread stops taking (it does not, short of a crash): beyond, dropped and counted. */
const HELD_MAX = 20_000;
let batch = new EventRows();
/** The salts of the days around today, from the main thread (server/analytics/collector.ts). */
let salts = new Map<string, string>(data.beacon?.salts ?? []);
const counts = { accepted: 0, ignored: 0, dropped: 0 };
let sent = { ignored: 0, dropped: 0 };
let batchTimer: NodeJS.Timeout | null = null;
function handOver(reply: boolean) {
  if (batchTimer) clearTimeout(batchTimer);
  batchTimer = null;
  if (!reply && batch.length === 0 && counts.ignored === sent.ignored && counts.dropped === sent.dropped) return;
  const { rows, count, waiting } = batch;
  report({
    type: "events",
    batch: { rows, count, waiting, ignored: counts.ignored - sent.ignored, dropped: counts.dropped - sent.dropped },
    reply,
  });
  sent = { ignored: counts.ignored, dropped: counts.dropped };
  batch = new EventRows();
}
const answerBeacon = data.beacon
  ? beacon({
      limiter: data.beacon.rule ? new SharedRateLimiter(data.beacon.rule, data.beacon.limiter) : null,
      now: () => new Date(),
      target: () => ({ into: batch, room: HELD_MAX - batch.length }),
      site: data.beacon.site,
      saltOf: (day) => salts.get(day),
      added() {
        if (batch.length >= BATCH_EVENTS) handOver(false);
        else if (!batchTimer) batchTimer = setTimeout(() => handOver(false), BATCH_MS);
      },
      counts,
    })
  : null;

let draining = false;
parentPort!.on("message", (m: ThreadMessage) => {
  if (m.type === "collect") return handOver(true);
  if (m.type === "salts") return void (salts = new Map(m.salts));
  if (m.type === "drain") {
    // Shutdown (server/ops/shutdown.ts): no new connections; each open one closes after its response. Once
    // all are closed, the last beacon events go to the main thread, then "drained".
    draining = true;
    const done = () => {
      handOver(false);
      report({ type: "drained" });
    };
    if (listener) return void listener.drain().then(done);
    pageServer!.close(done);
    pageServer!.closeIdleConnections();
    setInterval(() => pageServer!.closeIdleConnections(), 200).unref();
    return;
  }
  const b = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
  const page: CachedPage = { ...m.page, identity: b(m.page.identity), br: b(m.page.br), gzip: b(m.page.gzip) };
  (page.status === 404 ? notFound : pages).set(m.key, page);
});

/** A stored page when it is current: same content generation, same day, before its expiry (else the main thread decides). */
function stored(req: IncomingMessage): CachedPage | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  // A write through the API is under way or being re-read: the main thread's path waits for it.
  if (Atomics.load(state, STATE_WRITES) > 0) return undefined;
  if (carriesCredentials(req.headers)) return undefined;
  const target = targetOf(req.url ?? "/");
  if (!target) return undefined;
  const at = Date.now();
  const version = String(Atomics.load(state, STATE_GENERATION));
  const day = dayStamp(at);
  const page = pages.get(target.key, version, day) ?? notFound.get(target.key, version, day);
  if (!page || pastExpiry(page, at)) return undefined;
  if (!data.watching && at - page.storedAt > data.fallbackTtlMs) return undefined;
  return page;
}

/**
 * Headers that belong to one hop (RFC 9110 §7.6.1), plus the peer header only this thread may write and the
 * request id, which the thread decides (server/ops/request-id.ts) and the main thread then keeps.
 */
const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "upgrade",
  "expect",
  "http2-settings",
  PEER_HEADER,
  REQUEST_ID_HEADER,
]);
const RESPONSE_HOP = new Set(["connection", "keep-alive", "transfer-encoding", CLOSE_HEADER]);
const without = (raw: string[], drop: Set<string>) => {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!drop.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
};

/** One upstream connection per visitor connection (so the peer is fixed for it), closed with it. */
const upstreams = new WeakMap<Socket, { agent: Agent; peer: string }>();
function upstreamOf(socket: Socket) {
  let up = upstreams.get(socket);
  if (!up) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agent.createConnection = () => connect(data.socketPath);
    up = { agent, peer: `${socket.remoteAddress ?? ""} ${socket.remotePort ?? ""} ${socket.remoteFamily ?? ""}` };
    upstreams.set(socket, up);
    socket.once("close", () => agent.destroy());
  }
  return up;
}

function forward(req: IncomingMessage, res: ServerResponse, requestId: string) {
  const up = upstreamOf(req.socket);
  const headers = without(req.rawHeaders, HOP);
  headers.push(PEER_HEADER, up.peer, "X-Request-Id", requestId);
  const out = request(
    { socketPath: data.socketPath, agent: up.agent, method: req.method, path: req.url, headers, setHost: false },
    (answer) => {
      if (answer.headers[CLOSE_HEADER] !== undefined) {
        // The main thread refused the body (server/site/page-threads.ts): send no more of it, discard what still
        // arrives, and close the visitor's connection after the answer (Connection: close), as the main
        // thread does on a direct connection. The upstream connection is destroyed with the visitor's.
        req.unpipe(out);
        req.resume();
        res.shouldKeepAlive = false;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, without(answer.rawHeaders, RESPONSE_HOP));
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    },
  );
  out.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("Bad Gateway");
    else res.destroy();
  });
  res.on("close", () => {
    if (!res.writableFinished) out.destroy();
  });
  req.pipe(out);
}

// The analytics listener (ANALYTICS_PORT) answers the beacon and nothing else, with a server of its own
// (server/analytics/beacon-listener.ts); a page thread answers it with node:http beside the pages.
const listener =
  data.role === "beacon" && answerBeacon
    ? beaconListener({
        path: data.beacon!.path,
        baseHeaders: data.baseHeaders,
        rules: answerBeacon,
        clientAddress: (peer, forwardedFor) =>
          clientAddressWith({ socket: { remoteAddress: peer }, headers: { "x-forwarded-for": forwardedFor } } as never, trust),
        observe: (status, seconds) => observeInto(beaconCounters, status, seconds),
      })
    : null;
const pageServer = listener
  ? null
  : createServer((req, res) => {
      const started = performance.now();
      if (draining) res.shouldKeepAlive = false;
      const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER]);
      if (answerBeacon && req.method === "POST" && req.url === data.beacon!.path) {
        // As the main thread answers it before Express (server/app.ts): its headers, then the collector's rules.
        for (const [name, value] of data.baseHeaders) res.setHeader(name, value);
        res.setHeader("X-Request-Id", requestId);
        res.once("close", () => observeInto(beaconCounters, res.statusCode, (performance.now() - started) / 1000));
        answerBeacon.handle(req, res, clientAddressWith(req, trust)).catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
        });
        return;
      }
      const page = stored(req);
      if (page) {
        Atomics.add(state, STATE_HITS, 1);
        write(req, res, page, "HIT", secure(req), requestId);
        observeInto(counters, res.statusCode, (performance.now() - started) / 1000);
      } else forward(req, res, requestId);
    });
const server = listener?.server ?? pageServer!;
server.on("error", (error) => report({ type: "error", error: String(error) }));
/**
 * The analytics listener gives way to every other thread of the machine (docs/analytics.md, "Priority"):
 * Linux's SCHED_IDLE, set with util-linux's `chrt` on this thread alone. A page thread that wakes up takes
 * the core from it at once; the beacon waits (its answers are not awaited by anyone) and catches up when a
 * core is free. Returns why it could not be set, or null.
 */
async function yieldToPages(): Promise<string | null> {
  if (process.platform !== "linux") return `not on Linux (${process.platform})`;
  try {
    await promisify(execFile)("chrt", ["--idle", "--pid", "0", String(threadId())], { timeout: 5000 });
    return null;
  } catch (error) {
    return String((error as Error).message ?? error);
  }
}
// A thread starts at the nice value of the thread that created it, which may have been writing analytics
// events at a lower priority just then (server/ops/background-priority.ts): it takes the main thread's own
// value at start. That lowering is only ever done where it can be undone, so this is allowed then.
if (getPriority(0) !== data.baseNice) {
  try {
    setPriority(0, data.baseNice);
  } catch {
    // left as inherited
  }
}
// Likewise its scheduling policy: created while the main thread wrote at SCHED_IDLE, a page thread would
// inherit it (server/ops/background-priority.ts), and pages would wait for spare time.
const inheritedIdle = () => {
  try {
    return policyOf(threadId()) === "idle";
  } catch {
    return false;
  }
};
if (!(listener && data.listenerPriority === "idle") && inheritedIdle()) {
  await promisify(execFile)("chrt", ["--other", "--pid", "0", String(threadId())], { timeout: 5000 }).catch(() => undefined);
}
const priorityWarning = listener && data.listenerPriority === "idle" ? await yieldToPages() : null;
server.listen({ port: data.port, host: data.host, reusePort: true }, () =>
  report({ type: "listening", port: (server.address() as AddressInfo).port, priorityWarning }),
);
parentPort!.on("close", () => server.close());
