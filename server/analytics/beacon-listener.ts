/**
 * The analytics listener's HTTP/1.1 server (ANALYTICS_PORT, docs/analytics.md "A listener of its own"): a
 * small server on `node:net` that answers `POST /api/event` and nothing else, for the thread that does only
 * that (server/site/page-thread.ts, role "beacon").
 *
 * Why not `node:http`: at 5,000 events a second its per-request machinery (request and response objects,
 * streams, one write per answer) was most of the listener's CPU, and that CPU is what the cached pages wait
 * for on a small machine. Here a request is a few string operations on its head, the beacon's own rules
 * (server/analytics/beacon.ts, the same as on every other path), and its answer; the answers to the
 * requests that arrived together are written together.
 *
 * It accepts only what a beacon needs, and answers anything else with a clear 4xx:
 * - a request line `METHOD target HTTP/1.1` (or 1.0) and header lines `name: value` (no folded lines, no
 *   control characters, no bare CR or LF), the head at most HEAD_MAX bytes (431);
 * - a body by Content-Length only: `Transfer-Encoding` gets 411 (no beacon sends one), a malformed or
 *   conflicting Content-Length 400, and the connection closes after either, so no request can be smuggled
 *   behind another;
 * - `Expect: 100-continue` gets its interim answer, any other expectation 417.
 * A refusal whose body may still be arriving (413, 415, 429, and the above) closes the connection; what the
 * client still sends is read and dropped for LINGER_MS, so it sees the answer rather than a reset.
 * A connection idle for KEEP_ALIVE_MS is closed; a request not complete REQUEST_MS after its first byte gets
 * 408. A client that does not read its answers stops being read (backpressure), so nothing piles up.
 *
 * Plain TypeScript that Node loads without a loader (the page threads import it).
 */
import { STATUS_CODES } from "node:http";
import { type Server, type Socket, createServer } from "node:net";
import { MAX_BODY } from "../../src/lib/analytics/event.ts";
import { requestIdFor } from "../ops/request-id.ts";
import { type BeaconAnswer, type BeaconHead, refusalBody } from "./beacon.ts";

/** The largest request head read (request line and headers). */
export const HEAD_MAX = 8 * 1024;
const KEEP_ALIVE_MS = 5_000;
const REQUEST_MS = 10_000;
const LINGER_MS = 2_000;
/**
 * On drain, how long a connection that has not sent its first request yet is given to send it: a proxy
 * connects, then sends at once, and a connection closed in between would lose a request it cannot retry
 * (HAProxy retries a POST only when the connection itself failed).
 */
const DRAIN_FRESH_MS = 1_000;

interface ListenerOptions {
  /** The beacon's path (src/lib/analytics/wire.ts): a POST there is the only request answered with 204. */
  path: string;
  /** Headers every answer carries (the site's security headers). */
  baseHeaders: readonly (readonly [string, string])[];
  /** The beacon's rules (server/analytics/beacon.ts). */
  rules: {
    checkHead(head: BeaconHead): BeaconAnswer | null;
    takeBody(head: BeaconHead, text: string): BeaconAnswer;
  };
  /** The client's address from the peer and X-Forwarded-For, with the site's trust rule (server/api/client-address.ts). */
  clientAddress(peer: string | undefined, forwardedFor: string | undefined): string | null;
  /** Called once per answer: its status and how long the request took, in seconds (/metrics). */
  observe(status: number, seconds: number): void;
  /** For tests: shorter timeouts. */
  timeouts?: { keepAliveMs?: number; requestMs?: number; lingerMs?: number; sweepMs?: number };
}

export interface BeaconListener {
  server: Server;
  /** Stops taking connections; each open one closes after the answer it owes. Resolves once all are closed. */
  drain(): Promise<void>;
}

const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([\x21-\x7e]+) HTTP\/1\.([01])$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const DIGITS = /^\d{1,10}$/;
/** The headers the listener reads; any other is checked for form and skipped. */
const READ = new Set([
  "content-type",
  "content-length",
  "transfer-encoding",
  "user-agent",
  "dnt",
  "sec-gpc",
  "x-forwarded-for",
  "x-request-id",
  "connection",
  "expect",
]);
/** Headers that say one thing once: a second copy is ignored (as node:http does); the others are joined. */
const FIRST_ONLY = new Set(["content-type", "user-agent", "dnt", "sec-gpc", "expect"]);

/** A request whose head was read: what the rules and the answer need, and how much body follows. */
interface Pending {
  method: string;
  target: string;
  headers: Map<string, string>;
  bodyLength: number;
  keepAlive: boolean;
  requestId: string;
  /** The beacon's view of the head, when this is a POST to the beacon's path that passed `checkHead`. */
  beacon: BeaconHead | null;
  startedAt: number;
}

/** Why a head could not be read: the status and the message of the answer, which closes the connection. */
class Refusal {
  status: number;
  message: string;
  constructor(status: number, message: string) {
    this.status = status;
    this.message = message;
  }
}

interface Connection {
  socket: Socket;
  /** Bytes received and not yet used. */
  buffer: Buffer | null;
  /** The request whose head was read and whose body is awaited. */
  pending: Pending | null;
  /** When the request under way began (its first byte), or 0 between requests. */
  requestStartedAt: number;
  lastActivity: number;
  /** Requests answered on it: a connection that has had none yet is not closed as idle when draining. */
  served: number;
  /** After an answer that closes: when it was written (what still arrives is dropped, then the socket destroyed). */
  closedAt: number;
}

export function beaconListener(opts: ListenerOptions): BeaconListener {
  const keepAliveMs = opts.timeouts?.keepAliveMs ?? KEEP_ALIVE_MS;
  const requestMs = opts.timeouts?.requestMs ?? REQUEST_MS;
  const lingerMs = opts.timeouts?.lingerMs ?? LINGER_MS;
  const keepAliveHeader = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n`;
  const fixedHeaders = `${opts.baseHeaders.map(([name, value]) => `${name}: ${value}\r\n`).join("")}Cache-Control: no-store\r\n`;
  const connections = new Set<Connection>();
  let draining = false;
  let drainStartedAt = 0;
  let drained: (() => void) | null = null;

  let dateSecond = 0;
  let dateText = "";
  const date = (now: number) => {
    const second = Math.floor(now / 1000);
    if (second !== dateSecond) {
      dateSecond = second;
      dateText = new Date(now).toUTCString();
    }
    return dateText;
  };

  /** One answer's bytes (as a string: every part is ASCII but the JSON body, which is measured as UTF-8). */
  function answer(
    status: number,
    requestId: string,
    close: boolean,
    o: { message?: string; retryAfter?: number; head?: boolean; body?: string } = {},
  ) {
    const body = o.body ?? (o.message === undefined ? "" : refusalBody(o.message));
    let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n${fixedHeaders}X-Request-Id: ${requestId}\r\nDate: ${date(Date.now())}\r\n`;
    if (o.retryAfter !== undefined) text += `Retry-After: ${o.retryAfter}\r\n`;
    if (status !== 204) text += `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
    text += close ? "Connection: close\r\n\r\n" : keepAliveHeader + "\r\n";
    return o.head ? text : text + body;
  }

  /** Reads one request head from the start of `buffer`: the request and the head's length, null while incomplete. */
  function readHead(buffer: Buffer): { request: Omit<Pending, "beacon" | "startedAt">; length: number } | null {
    const end = buffer.indexOf("\r\n\r\n");
    if (end < 0) {
      if (buffer.length > HEAD_MAX) throw new Refusal(431, `A request head holds at most ${HEAD_MAX} bytes`);
      // A head whose lines end in a bare LF would never end here: refused now rather than after REQUEST_MS.
      // (In a complete head a bare LF or CR fails the line's own check below.)
      for (let i = buffer.indexOf(10); i >= 0; i = buffer.indexOf(10, i + 1)) {
        if (i === 0 || buffer[i - 1] !== 13) throw new Refusal(400, "Lines of a request head end with CRLF");
      }
      return null;
    }
    if (end + 4 > HEAD_MAX) throw new Refusal(431, `A request head holds at most ${HEAD_MAX} bytes`);
    const lines = buffer.toString("latin1", 0, end).split("\r\n");
    const line = REQUEST_LINE.exec(lines[0]!);
    if (!line) throw new Refusal(400, "Malformed request line");
    const headers = new Map<string, string>();
    for (let i = 1; i < lines.length; i++) {
      const field = lines[i]!;
      const colon = field.indexOf(":");
      // A folded line (starting with a space) has no name of its own: refused, as RFC 9112 §5.2 allows.
      if (colon <= 0 || !TOKEN.test(field.slice(0, colon))) throw new Refusal(400, "Malformed header line");
      const value = field.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
      if (!FIELD_VALUE.test(value)) throw new Refusal(400, "Malformed header value");
      const name = field.slice(0, colon).toLowerCase();
      if (!READ.has(name)) continue;
      const before = headers.get(name);
      if (before === undefined) headers.set(name, value);
      else if (name === "content-length") {
        if (before !== value) throw new Refusal(400, "Conflicting Content-Length headers");
      } else if (!FIRST_ONLY.has(name)) headers.set(name, `${before}, ${value}`);
    }
    if (headers.has("transfer-encoding")) {
      if (headers.has("content-length")) throw new Refusal(400, "Both Transfer-Encoding and Content-Length");
      throw new Refusal(411, "Send the event with a Content-Length");
    }
    const declared = headers.get("content-length") ?? "0";
    if (!DIGITS.test(declared)) throw new Refusal(400, "Malformed Content-Length");
    const tokens = (headers.get("connection") ?? "")
      .toLowerCase()
      .split(",")
      .map((t) => t.trim());
    const keepAlive = line[3] === "1" ? !tokens.includes("close") : tokens.includes("keep-alive");
    return {
      request: {
        method: line[1]!,
        target: line[2]!,
        headers,
        bodyLength: Number(declared),
        keepAlive,
        requestId: requestIdFor(headers.get("x-request-id")),
      },
      length: end + 4,
    };
  }

  /** Writes what the connection owes and, when it closes, ends it and drops what still arrives. */
  function send(c: Connection, text: string, close: boolean) {
    const { socket } = c;
    if (close) {
      c.closedAt = Date.now();
      c.buffer = null;
      c.pending = null;
      socket.end(text);
      return;
    }
    if (text && !socket.write(text)) {
      // The client is not reading its answers: read no more of its requests until it does.
      socket.pause();
      socket.once("drain", () => socket.resume());
    }
  }

  /** Reads every complete request in the connection's buffer; returns the answers and whether to close after them. */
  function serve(c: Connection, now: number): { out: string; close: boolean } {
    let out = "";
    for (;;) {
      if (!c.pending) {
        let buffer = c.buffer;
        // Empty lines before a request line are ignored (RFC 9112 §2.2).
        while (buffer && buffer.length >= 2 && buffer[0] === 13 && buffer[1] === 10) buffer = buffer.subarray(2);
        c.buffer = buffer && buffer.length ? buffer : null;
        if (!c.buffer) {
          c.requestStartedAt = 0;
          return { out, close: draining };
        }
        if (!c.requestStartedAt) c.requestStartedAt = now;
        let read;
        try {
          read = readHead(c.buffer);
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          const id = requestIdFor(undefined);
          opts.observe(error.status, (now - c.requestStartedAt) / 1000);
          return { out: out + answer(error.status, id, true, { message: error.message }), close: true };
        }
        if (!read) return { out, close: false };
        c.buffer = c.buffer.subarray(read.length);
        const request = read.request;
        const isBeacon = request.method === "POST" && request.target === opts.path;
        let beacon: BeaconHead | null = null;
        if (isBeacon) {
          const h = request.headers;
          beacon = {
            contentType: h.get("content-type"),
            contentLength: h.get("content-length"),
            userAgent: h.get("user-agent"),
            dnt: h.get("dnt"),
            gpc: h.get("sec-gpc"),
            clientAddress: opts.clientAddress(c.socket.remoteAddress, h.get("x-forwarded-for")),
          };
          const refused = opts.rules.checkHead(beacon);
          if (refused && refused.status !== 204) {
            opts.observe(refused.status, (now - c.requestStartedAt) / 1000);
            const o = { message: refused.message, retryAfter: refused.retryAfter };
            return { out: out + answer(refused.status, request.requestId, true, o), close: true };
          }
        }
        const expect = request.headers.get("expect");
        if (expect !== undefined && expect.toLowerCase() !== "100-continue") {
          opts.observe(417, (now - c.requestStartedAt) / 1000);
          return { out: out + answer(417, request.requestId, true, { message: "Only Expect: 100-continue is understood" }), close: true };
        }
        if (!isBeacon && request.bodyLength > MAX_BODY) {
          opts.observe(404, (now - c.requestStartedAt) / 1000);
          return { out: out + notFound(request), close: true };
        }
        c.pending = { ...request, beacon, startedAt: c.requestStartedAt };
        if (expect !== undefined && request.bodyLength > 0 && (c.buffer?.length ?? 0) === 0) out += "HTTP/1.1 100 Continue\r\n\r\n";
      }
      const p = c.pending;
      const have = c.buffer?.length ?? 0;
      if (have < p.bodyLength) return { out, close: false };
      const text = p.bodyLength ? c.buffer!.toString("utf8", 0, p.bodyLength) : "";
      c.buffer = p.bodyLength ? c.buffer!.subarray(p.bodyLength) : c.buffer;
      c.pending = null;
      c.requestStartedAt = 0;
      c.served++;
      const close = !p.keepAlive || draining;
      if (!p.beacon) {
        opts.observe(404, (now - p.startedAt) / 1000);
        out += notFound(p, close);
      } else {
        const a = opts.rules.takeBody(p.beacon, text);
        opts.observe(a.status, (now - p.startedAt) / 1000);
        out +=
          a.status === 204
            ? answer(204, p.requestId, close)
            : answer(a.status, p.requestId, close || a.close, { message: a.message, retryAfter: a.retryAfter });
        if (a.status !== 204 && a.close) return { out, close: true };
      }
      if (close) return { out, close: true };
    }
  }

  function notFound(request: Pick<Pending, "method" | "requestId">, close = true) {
    const body = JSON.stringify({ error: "not_found", message: `only POST ${opts.path} is answered here` });
    return answer(404, request.requestId, close, { body, head: request.method === "HEAD" });
  }

  const server = createServer({ noDelay: true }, (socket) => {
    const c: Connection = { socket, buffer: null, pending: null, requestStartedAt: 0, lastActivity: Date.now(), served: 0, closedAt: 0 };
    connections.add(c);
    socket.on("data", (chunk: Buffer) => {
      const now = Date.now();
      c.lastActivity = now;
      if (c.closedAt) return; // lingering: dropped
      c.buffer = c.buffer ? Buffer.concat([c.buffer, chunk]) : chunk;
      let result: { out: string; close: boolean };
      try {
        result = serve(c, now);
      } catch {
        result = { out: answer(500, requestIdFor(undefined), true, { message: "Internal error" }), close: true };
      }
      send(c, result.out, result.close);
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      connections.delete(c);
      if (drained && connections.size === 0) drained();
    });
  });

  /**
   * Closes an idle connection after the I/O already waiting has been read (setImmediate runs after this
   * turn's poll phase): a request that arrived while this thread waited for a core, which it may do for a
   * while at idle priority, is answered rather than cut.
   */
  function closeIfIdle(c: Connection) {
    const seen = c.lastActivity;
    setImmediate(() => {
      if (c.lastActivity === seen && !c.closedAt && !c.requestStartedAt && !c.pending) c.socket.destroy();
    });
  }

  // One timer for every connection: idle ones close, slow requests get 408, closed ones stop lingering.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const c of connections) {
      if (c.closedAt) {
        if (now - c.closedAt > lingerMs) c.socket.destroy();
      } else if (c.requestStartedAt || c.pending) {
        if (now - (c.pending?.startedAt || c.requestStartedAt) > requestMs) {
          opts.observe(408, (now - (c.pending?.startedAt || c.requestStartedAt)) / 1000);
          send(c, answer(408, c.pending?.requestId ?? requestIdFor(undefined), true, { message: "The request took too long" }), true);
        }
      } else if (draining ? c.served > 0 || now - drainStartedAt > DRAIN_FRESH_MS : now - c.lastActivity > keepAliveMs) {
        closeIfIdle(c);
      }
    }
  }, opts.timeouts?.sweepMs ?? 1000);
  sweep.unref();
  server.on("close", () => clearInterval(sweep));

  return {
    server,
    drain() {
      draining = true;
      drainStartedAt = Date.now();
      return new Promise<void>((resolve) => {
        drained = resolve;
        server.close();
        // Connections idle after a request close now; one with a request under way closes after its answer
        // (or its 408); one that has not sent its first request yet gets DRAIN_FRESH_MS to send it.
        for (const c of connections) if (!c.closedAt && !c.requestStartedAt && !c.pending && c.served > 0) closeIfIdle(c);
        if (connections.size === 0) resolve();
      });
    },
  };
}
