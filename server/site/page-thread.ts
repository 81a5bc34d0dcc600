/**
 * A page thread (started by server/site/page-threads.ts): listens on the server's own port beside the main
 * thread (SO_REUSEPORT: the kernel spreads connections over both), answers stored pages from the copy the
 * main thread sends it, and hands every other request to the main thread over a private socket, one
 * upstream connection per visitor connection so the main thread sees the visitor's own address.
 *
 * It holds no database, no React build and no Express stack: Node runs this file without a loader (type
 * stripping), and it imports only the page cache, the writer and Express for the trust-proxy function.
 */
import { type IncomingMessage, type ServerResponse, Agent, createServer, request } from "node:http";
import { type Socket, connect } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
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
import { observeInto } from "../ops/metrics.ts";

const data = workerData as ThreadData;
const state = new Int32Array(data.state);
const counters = new Float64Array(data.metrics);
const { write, targetOf } = pageWriter({
  baseHeaders: data.baseHeaders,
  sMaxAge: data.sMaxAge,
  staleWhileRevalidate: data.staleWhileRevalidate,
  now: Date.now,
});
const secure = isSecure(express().set("trust proxy", data.trustProxy).get("trust proxy fn"));
const pages = new PageCache(data.cacheBytes, 5000);
const notFound = new PageCache(Math.max(1024 * 1024, data.cacheBytes / 8), 500);

let draining = false;
parentPort!.on("message", (m: ThreadMessage) => {
  if (m.type === "drain") {
    // Shutdown (server/ops/shutdown.ts): no new connections; each open one closes after its response.
    draining = true;
    server.close();
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 200).unref();
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

const server = createServer((req, res) => {
  const started = performance.now();
  if (draining) res.shouldKeepAlive = false;
  const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER]);
  const page = stored(req);
  if (page) {
    Atomics.add(state, STATE_HITS, 1);
    write(req, res, page, "HIT", secure(req), requestId);
    observeInto(counters, res.statusCode, (performance.now() - started) / 1000);
  } else forward(req, res, requestId);
});
server.on("error", (error) => parentPort!.postMessage({ type: "error", error: String(error) }));
server.listen({ port: data.port, host: data.host, reusePort: true }, () => parentPort!.postMessage({ type: "listening" }));
parentPort!.on("close", () => server.close());
