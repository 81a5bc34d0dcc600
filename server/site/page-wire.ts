/**
 * How a stored page goes on the wire: the header list prepared once per page and encoding, the
 * Cache-Control made once a second, and the one `writeHead` + one write of stored bytes. Shared by the
 * server's own fast path (server/site/pages.ts) and the page threads (server/site/page-thread.ts), so a stored page
 * is byte-for-byte the same answer whichever thread writes it.
 *
 * Plain TypeScript that Node runs without a loader (the page threads start without tsx): relative imports
 * with their extension, no parameter properties, no enums.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type CachedPage,
  type Encoding,
  cacheTargetFor,
  etagOf,
  matchesEtag,
  negotiate,
  secondsToBusinessMidnight,
  secondsToExpiry,
} from "./page-cache.ts";

/** What a stored page is answered with, prepared once per page: header lists per encoding, cached per second. */
interface Wire {
  /** Flat [name, value, …] lists for `res.writeHead`, per encoding, without Cache-Control and the body's length. */
  head: Record<Encoding, string[]>;
  /** The Cache-Control last written, for the wall-clock second and the whole seconds to expiry it was made for. */
  ccSecond: number;
  ccToExpiry: number;
  cacheControl: string;
}

const HSTS = "max-age=31536000; includeSubDomains";

interface WireOptions {
  /** Headers every response carries (server/app.ts's security headers). Content-Security-Policy comes from the page. */
  baseHeaders?: readonly (readonly [string, string])[];
  /** How long a CDN may serve a page without asking (seconds). */
  sMaxAge: number;
  staleWhileRevalidate: number;
  now: () => number;
}

interface PageWriter {
  /**
   * Writes a stored page with one writeHead: prepared headers, this second's Cache-Control, the stored bytes;
   * with `requestId`, its X-Request-Id too (the fast paths, which answer before anything called setHeader).
   */
  write(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: "HIT" | "MISS", secure: boolean, requestId?: string): void;
  /** The cache target of a raw URL, parsed once per distinct URL. */
  targetOf(url: string): { key: string; url: string } | null;
}

export function pageWriter(opts: WireOptions): PageWriter {
  const wires = new WeakMap<CachedPage, Wire>();
  const wireOf = (page: CachedPage): Wire => {
    let wire = wires.get(page);
    if (wire) return wire;
    // Later headers replace earlier ones of the same name, as setHeader would.
    const merged = new Map<string, [string, string]>();
    for (const [name, value] of opts.baseHeaders ?? []) merged.set(name.toLowerCase(), [name, value]);
    merged.delete("content-security-policy"); // the page sets its own (or none)
    for (const [name, value] of page.headers) merged.set(name.toLowerCase(), [name, value]);
    const head = (encoding: Encoding) => [...[...merged.values()].flat(), "Vary", "Accept-Encoding", "ETag", etagOf(page, encoding)];
    wire = { head: { br: head("br"), gzip: head("gzip"), identity: head("identity") }, ccSecond: NaN, ccToExpiry: NaN, cacheControl: "" };
    wires.set(page, wire);
    return wire;
  };

  /** Nothing rendered today may be reused by a CDN after the business day's midnight, nor past a scheduled post. */
  const cacheControlOf = (page: CachedPage, at: number): string => {
    const wire = wireOf(page);
    const second = Math.floor(at / 1000);
    const toExpiry = secondsToExpiry(page, at);
    if (wire.ccSecond === second && wire.ccToExpiry === toExpiry) return wire.cacheControl;
    const limit = Math.min(secondsToBusinessMidnight(at), toExpiry);
    const sMaxAge = Math.min(opts.sMaxAge, limit);
    const swr = Math.min(opts.staleWhileRevalidate, limit - sMaxAge);
    wire.cacheControl =
      page.status === 200 && swr > 0
        ? `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${swr}`
        : `public, max-age=0, s-maxage=${sMaxAge}`;
    wire.ccSecond = second;
    wire.ccToExpiry = toExpiry;
    return wire.cacheControl;
  };

  const write: PageWriter["write"] = (req, res, page, state, secure, requestId) => {
    const encoding = negotiate(req.headers["accept-encoding"]);
    const head = [...wireOf(page).head[encoding], "Cache-Control", cacheControlOf(page, opts.now()), "X-Cache", state];
    if (requestId) head.push("X-Request-Id", requestId);
    if (secure) head.push("Strict-Transport-Security", HSTS);
    if (page.status === 200 && matchesEtag(page, req.headers["if-none-match"])) {
      res.writeHead(304, head);
      res.end();
      return;
    }
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
    if (encoding !== "identity") head.push("Content-Encoding", encoding);
    head.push("Content-Length", String(body.length));
    res.writeHead(page.status, head);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  /**
   * Targets per raw URL: the fast path parses each distinct URL once. Bounded: 2,000 URLs of at most 512
   * characters (cleared when full), so random or long URLs cannot grow it past a few MB.
   */
  const targets = new Map<string, { key: string; url: string } | null>();
  const targetOf = (url: string) => {
    if (url.length > 512) return cacheTargetFor(url);
    let target = targets.get(url);
    if (target === undefined) {
      target = cacheTargetFor(url);
      if (targets.size >= 2000) targets.clear();
      targets.set(url, target);
    }
    return target;
  };

  return { write, targetOf };
}

/**
 * `req.secure` for a request Express has not seen (the fast paths): HTTPS on the socket, or the first
 * X-Forwarded-Proto from a trusted proxy, exactly as Express's `req.protocol` reads it. `trust` is
 * Express's compiled "trust proxy fn".
 */
export function isSecure(trust: (address: string | undefined, hop: number) => boolean): (req: IncomingMessage) => boolean {
  return (req) => {
    const proto = "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
    if (!trust(req.socket.remoteAddress, 0)) return proto === "https";
    const header = req.headers["x-forwarded-proto"];
    const value = (typeof header === "string" && header) || proto;
    const comma = value.indexOf(",");
    return (comma === -1 ? value : value.slice(0, comma)).trim() === "https";
  };
}
