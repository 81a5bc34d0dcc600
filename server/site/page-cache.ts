/**
 * The public-page cache: anonymous HTML (and the matching React Router `.data` payloads) rendered once,
 * kept in memory, pre-compressed, and served with a strong ETag until the content it shows changes or the
 * business day turns over.
 *
 * What decides whether a request may use it lives here as plain functions (so it is tested without a
 * server); server/site/pages.ts wires it to the renderer. See docs/serving.md.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { stripLocale } from "../../src/lib/i18n/locale.ts";
import { SENT_PARAM, isVisitorFormKey } from "../../src/lib/forms/visitor-form-keys.ts";
import { privatePathPattern, queryPathPattern } from "../../src/lib/routes/derive.ts";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The business time zone (SPEC: the team sells in Dubai); "today" on the pages is this zone's day. */
const BUSINESS_TIME_ZONE = "Asia/Dubai";

/** Query parameters that only say where a visitor came from: never part of a page's identity. */
const TRACKING =
  /^(utm_.*|fbclid|gclid|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|igshid|_ga|_gl|yclid|ttclid|twclid|li_fat_id|ref|s_cid)$/i;

/**
 * Pages whose loader reads the query string (search, filters, page number): everything else ignores it.
 * The route table's `query` pages (src/lib/routes/table.ts): the blog list.
 */
const READS_QUERY = queryPathPattern();

/**
 * Paths never looked up nor stored, with everything beneath them: the route table's `private` pages, the
 * admin area (`/admin…`) and a post's preview link (`/preview/…`, docs/admin-posts.md#preview), which shows
 * a draft to whoever has it.
 */
const PRIVATE = privatePathPattern();

interface CacheableRequest {
  method: string;
  /** Path and query as received ("/blog?q=x&utm_source=y"). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A request that carries credentials (a signed-in visitor, an API caller) is never answered from the cache. */
export function carriesCredentials(headers: CacheableRequest["headers"]): boolean {
  if (headers.authorization || headers.apikey) return true;
  const cookie = headers.cookie;
  return typeof cookie === "string" && /(^|;\s*)sb-[^=]*auth-token/.test(cookie);
}

/**
 * The cache key for a request, or null when the request must be rendered for itself: not GET/HEAD, the
 * admin area, a request carrying credentials, files (robots.txt, sitemap.xml, rss.xml …).
 * The key is the path plus only the query parameters that change the page, sorted.
 */
export function cacheKeyFor(req: CacheableRequest): { key: string; url: string } | null {
  const method = req.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return null;
  if (carriesCredentials(req.headers)) return null;
  return cacheTargetFor(req.url);
}

/** The part of `cacheKeyFor` that depends on the URL alone (the server memoises it per URL). */
export function cacheTargetFor(url: string): { key: string; url: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://cache.invalid");
  } catch {
    return null;
  }
  const pathname = parsed.pathname;
  // Malformed percent-encoding is the router's to answer (404), not ours to store.
  try {
    decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const data = pathname.endsWith(".data");
  const page = data ? pathname.slice(0, -".data".length) || "/" : pathname;
  if (!data && /\.[a-z0-9]+$/i.test(page)) return null; // robots.txt, sitemap.xml, rss.xml, stray files
  const bare = stripLocale(page === "/_root" ? "/" : page);
  if (PRIVATE.test(bare)) return null;
  // The page after a visitor form's redirect shows that form's success (docs/product.md#submit): the
  // visitor's own answer (private, no-store), never a stored page. Any other value is ignored as usual.
  if (isVisitorFormKey(parsed.searchParams.get(SENT_PARAM))) return null;
  const keep = READS_QUERY.test(bare);
  const params = [...parsed.searchParams]
    .filter(([name]) => (data && name === "_routes") || (keep && !TRACKING.test(name)))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const search = params.length ? `?${new URLSearchParams(params).toString()}` : "";
  return { key: `${pathname}${search}`, url: `${pathname}${search}` };
}

// Formatters are costly to create and cheap to use: made once (a cache hit must cost microseconds).
const dayFormat = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
const businessDay = dayFormat(BUSINESS_TIME_ZONE);
const localDay = dayFormat(undefined);
const businessClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The stamp changes at most once a second: remember the last one. */
let lastStamp = { second: NaN, stamp: "" };

/**
 * The day a render belongs to: the business day in Dubai and the server's own day (the booking calendar
 * marks past days with the clock of whoever renders it). A page rendered on another day is never served.
 */
export function dayStamp(at: number): string {
  const second = Math.floor(at / 1000);
  if (second === lastStamp.second) return lastStamp.stamp;
  const stamp = `${businessDay.format(at)}/${localDay.format(at)}`;
  lastStamp = { second, stamp };
  return stamp;
}

let lastMidnight = { second: NaN, seconds: 0 };

/** Seconds until the next business-day midnight (so a CDN never keeps "today" past it); computed once a second. */
export function secondsToBusinessMidnight(at: number): number {
  const second = Math.floor(at / 1000);
  if (second === lastMidnight.second) return lastMidnight.seconds;
  const parts = businessClock.formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const seconds = Math.max(1, 86_400 - (n("hour") * 3600 + n("minute") * 60 + n("second")));
  lastMidnight = { second, seconds };
  return seconds;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Hash of the identity bytes; the ETag of each encoding is derived from it. */
  hash: string;
  version: string;
  day: string;
  storedAt: number;
  /**
   * When the page stops being true (epoch ms): the next scheduled post's publish time as of the render,
   * null when no post is scheduled. From that instant the page is rendered again.
   */
  expiresAt: number | null;
}

/** Whether a stored page has reached the publish time of the next scheduled post. */
export const pastExpiry = (page: Pick<CachedPage, "expiresAt">, now: number) => page.expiresAt !== null && now >= page.expiresAt;

/**
 * Whole seconds until the page's expiry (rounded down, so a CDN is never late for a scheduled post);
 * Infinity when nothing is scheduled. `s-maxage` and `stale-while-revalidate` together never pass it.
 */
export const secondsToExpiry = (page: Pick<CachedPage, "expiresAt">, now: number): number =>
  page.expiresAt === null ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor((page.expiresAt - now) / 1000));

export type Encoding = "br" | "gzip" | "identity";

export function etagOf(page: CachedPage, encoding: Encoding): string {
  return `"${page.hash}${encoding === "identity" ? "" : `-${encoding === "br" ? "br" : "gz"}`}"`;
}

/** True when If-None-Match names this page in any encoding (the bytes a client holds are the same page). */
export function matchesEtag(page: CachedPage, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === `"${page.hash}"` || t === `"${page.hash}-br"` || t === `"${page.hash}-gz"`;
  });
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (bounded). */
const negotiated = new Map<string, Encoding>();

/** Picks the encoding from Accept-Encoding (br first, then gzip), honouring q=0. */
export function negotiate(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  if (acceptEncoding.length > 200) return parseAcceptEncoding(acceptEncoding); // not worth remembering
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

export async function compressPage(input: Omit<CachedPage, "br" | "gzip" | "hash">): Promise<CachedPage> {
  const [br, gzipped] = await Promise.all([
    brotli(input.identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: input.identity.length,
      },
    }),
    gz(input.identity, { level: 9 }),
  ]);
  const hash = createHash("sha256").update(input.identity).digest("base64url").slice(0, 27);
  return { ...input, br, gzip: gzipped, hash };
}

const sizeOf = (p: CachedPage) => p.identity.length + p.br.length + p.gzip.length + 512;

/** A byte-bounded LRU of rendered pages. */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  #bytes = 0;
  readonly maxBytes: number;
  readonly maxEntries: number;
  // Fields, not parameter properties: the page threads load this file with Node's type stripping.
  constructor(maxBytes: number, maxEntries: number) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }
  get bytes(): number {
    return this.#bytes;
  }

  /** The entry when it still shows the current content on the current day; stale entries are dropped. */
  get(key: string, version: string, day: string): CachedPage | undefined {
    const page = this.#entries.get(key);
    if (!page) return undefined;
    if (page.version !== version || page.day !== day) {
      this.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    const size = sizeOf(page);
    if (size > this.maxBytes / 4) return; // one page never takes a quarter of the cache
    this.delete(key);
    this.#entries.set(key, page);
    this.#bytes += size;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes && this.#entries.size <= this.maxEntries) break;
      this.#entries.delete(oldest);
      this.#bytes -= sizeOf(old);
    }
  }

  /** Every entry, oldest use first (a snapshot: the cache may change while it is read). */
  entries(): [string, CachedPage][] {
    return [...this.#entries];
  }

  delete(key: string): void {
    const page = this.#entries.get(key);
    if (!page) return;
    this.#entries.delete(key);
    this.#bytes -= sizeOf(page);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
