/**
 * Prometheus metrics (docs/serving.md, "Metrics"): `GET /metrics`, text exposition format 0.0.4, only with
 * METRICS_TOKEN set and `Authorization: Bearer <token>`; anything else falls through to the site's own 404,
 * so the endpoint's existence is not disclosed.
 *
 * Counters live in each process (this file's `Metrics`); the page threads count the pages and the analytics
 * beacon requests they answer in shared memory (server/site/page-threads.ts), read at scrape time. With node:cluster (PostgreSQL) the worker
 * that receives the scrape asks the supervisor (server/main.ts) for every worker's snapshot and answers
 * their sum, so one scrape sees the whole node whichever worker the kernel handed it to.
 */
import cluster, { type Worker } from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

const KINDS = ["page", "api", "function", "static", "health", "other"] as const;
type Kind = (typeof KINDS)[number];
const CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;
/** Seconds; a stored page is well under the first, an uncached render or an API write in the middle. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const API = /^\/(?:rest|auth|storage|embedded)\/v1(?:\/|$)/;
/** Built files (build/client): hashed assets and the few files beside them. robots.txt, sitemap.xml and the feeds are rendered: pages. */
const STATIC = /\.(?:js|mjs|css|map|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|json|webmanifest)$/;

/** The one place a request's kind is decided, from its raw URL. */
export function kindOf(url: string | undefined): Kind {
  const raw = url ?? "";
  const q = raw.indexOf("?");
  const path = q === -1 ? raw : raw.slice(0, q);
  if (!path.startsWith("/")) return "other";
  if (path === "/healthz" || path === "/readyz" || path === "/auth/v1/health") return "health";
  if (path.startsWith("/functions/v1/")) return "function";
  if (API.test(path) || path.startsWith("/api/")) return "api";
  if (path === "/metrics") return "other";
  if (path.startsWith("/assets/") || STATIC.test(path)) return "static";
  return "page";
}

/** Counts by status class and a duration histogram (non-cumulative bucket counts; the last is +Inf). */
export interface Series {
  classes: number[];
  buckets: number[];
  sum: number;
  count: number;
}
const emptySeries = (): Series => ({ classes: CLASSES.map(() => 0), buckets: [...BUCKETS, Infinity].map(() => 0), sum: 0, count: 0 });

/** The layout of a page thread's counters in its shared Float64Array: classes, buckets, sum, count. */
export const THREAD_SLOTS = CLASSES.length + BUCKETS.length + 1 + 2;

export function observeInto(series: Series | Float64Array, status: number, seconds: number): void {
  const c = Math.min(4, Math.max(0, Math.floor(status / 100) - 1));
  let b = 0;
  while (b < BUCKETS.length && seconds > BUCKETS[b]!) b++;
  if (series instanceof Float64Array) {
    series[c]!++;
    series[CLASSES.length + b]!++;
    series[THREAD_SLOTS - 2]! += seconds;
    series[THREAD_SLOTS - 1]!++;
  } else {
    series.classes[c]!++;
    series.buckets[b]!++;
    series.sum += seconds;
    series.count++;
  }
}

export function seriesOf(shared: Float64Array): Series {
  return {
    classes: Array.from(shared.subarray(0, CLASSES.length)),
    buckets: Array.from(shared.subarray(CLASSES.length, CLASSES.length + BUCKETS.length + 1)),
    sum: shared[THREAD_SLOTS - 2]!,
    count: shared[THREAD_SLOTS - 1]!,
  };
}

/** What one process reports (plain data: it crosses the cluster's IPC). */
interface Snapshot {
  requests: Record<Kind, Series>;
  pageCache: { hit: number; miss: number; bypass: number };
  /** PostgreSQL only: this process's pool. */
  pool: { total: number; idle: number; waiting: number; max: number } | null;
}

export interface MetricsSources {
  pageCache(): { hit: number; miss: number; bypass: number };
  /** Pages (kind page) and beacon requests (kind api) the page threads answered, by class and duration. */
  threads(): { page: Series; api: Series } | null;
  pool(): Snapshot["pool"];
  /** The outbox gauges, read from the database at scrape time; null when unavailable. */
  outbox(): Promise<{ pending: number; oldestSeconds: number } | null>;
}

export class Metrics {
  readonly #requests = Object.fromEntries(KINDS.map((k) => [k, emptySeries()])) as Record<Kind, Series>;

  /** Counts the request when its response is done (or the connection went away). */
  track(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    // Decided now: Express rewrites req.url under a mounted router.
    const series = this.#requests[kindOf(req.url)];
    res.once("close", () => observeInto(series, res.statusCode, (performance.now() - started) / 1000));
  }

  snapshot(sources: MetricsSources): Snapshot {
    const requests = structuredClone(this.#requests);
    const threads = sources.threads();
    if (threads) {
      requests.page = sum([requests.page, threads.page]);
      requests.api = sum([requests.api, threads.api]);
    }
    return { requests, pageCache: sources.pageCache(), pool: sources.pool() };
  }
}

function sum(all: Series[]): Series {
  const out = emptySeries();
  for (const s of all) {
    s.classes.forEach((n, i) => (out.classes[i]! += n));
    s.buckets.forEach((n, i) => (out.buckets[i]! += n));
    out.sum += s.sum;
    out.count += s.count;
  }
  return out;
}

/** The sum of several processes' snapshots (counters and histograms add up; so do the pools, one per worker). */
export function merge(snapshots: Snapshot[]): Snapshot {
  const pools = snapshots.map((s) => s.pool).filter((p) => p !== null);
  return {
    requests: Object.fromEntries(KINDS.map((k) => [k, sum(snapshots.map((s) => s.requests[k]))])) as Record<Kind, Series>,
    pageCache: {
      hit: snapshots.reduce((n, s) => n + s.pageCache.hit, 0),
      miss: snapshots.reduce((n, s) => n + s.pageCache.miss, 0),
      bypass: snapshots.reduce((n, s) => n + s.pageCache.bypass, 0),
    },
    pool: pools.length
      ? {
          total: pools.reduce((n, p) => n + p.total, 0),
          idle: pools.reduce((n, p) => n + p.idle, 0),
          waiting: pools.reduce((n, p) => n + p.waiting, 0),
          max: pools.reduce((n, p) => n + p.max, 0),
        }
      : null,
  };
}

const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? "+Inf" : "NaN");

/** Text exposition format 0.0.4. */
export function render(s: Snapshot, outbox: { pending: number; oldestSeconds: number } | null, workers: number): string {
  const out: string[] = [];
  const head = (name: string, type: string, help: string) => out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  head("http_requests_total", "counter", "HTTP requests answered, by kind of path and status class.");
  for (const k of KINDS)
    CLASSES.forEach((c, i) => {
      const n = s.requests[k].classes[i]!;
      if (n > 0) out.push(`http_requests_total{kind="${k}",status_class="${c}"} ${n}`);
    });
  head("http_request_duration_seconds", "histogram", "Time from a request's arrival to the end of its response, by kind of path.");
  for (const k of KINDS) {
    const series = s.requests[k];
    let cumulative = 0;
    [...BUCKETS, Infinity].forEach((le, i) => {
      cumulative += series.buckets[i]!;
      out.push(`http_request_duration_seconds_bucket{kind="${k}",le="${num(le)}"} ${cumulative}`);
    });
    out.push(`http_request_duration_seconds_sum{kind="${k}"} ${num(series.sum)}`);
    out.push(`http_request_duration_seconds_count{kind="${k}"} ${series.count}`);
  }
  head(
    "page_cache_requests_total",
    "counter",
    "Page requests by what the page cache did: hit (stored page), miss (rendered and stored), bypass (rendered for the request).",
  );
  for (const r of ["hit", "miss", "bypass"] as const) out.push(`page_cache_requests_total{result="${r}"} ${s.pageCache[r]}`);
  if (outbox) {
    head("mail_outbox_pending", "gauge", "Messages waiting in the mail outbox.");
    out.push(`mail_outbox_pending ${outbox.pending}`);
    head("mail_outbox_oldest_pending_seconds", "gauge", "Age of the oldest message waiting in the mail outbox (0 when none).");
    out.push(`mail_outbox_oldest_pending_seconds ${num(outbox.oldestSeconds)}`);
  }
  if (s.pool) {
    head("db_pool_connections", "gauge", "PostgreSQL connections of the server's pools, by state.");
    out.push(`db_pool_connections{state="in_use"} ${s.pool.total - s.pool.idle}`, `db_pool_connections{state="idle"} ${s.pool.idle}`);
    head("db_pool_max_connections", "gauge", "Connections the server's pools may open.");
    out.push(`db_pool_max_connections ${s.pool.max}`);
    head("db_pool_waiting_requests", "gauge", "Queries waiting for a free pool connection.");
    out.push(`db_pool_waiting_requests ${s.pool.waiting}`);
  }
  head("metrics_processes", "gauge", "Server processes whose counters this scrape adds up (web workers; 1 without node:cluster).");
  out.push(`metrics_processes ${workers}`);
  return `${out.join("\n")}\n`;
}

// node:cluster: the supervisor collects every worker's snapshot for the worker that was scraped.
type Ipc =
  | { type: "metrics:collect"; id: string }
  | { type: "metrics:snapshot?"; id: string }
  | { type: "metrics:snapshot"; id: string; snapshot: Snapshot }
  | { type: "metrics:result"; id: string; snapshots: Snapshot[] };

/** In the supervisor (server/main.ts): answers a worker's collect with every worker's snapshot (1 s at most per round). */
export function serveClusterMetrics(): void {
  cluster.on("message", (from, m: Ipc) => {
    if (m?.type !== "metrics:collect") return;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && w.isConnected());
    const snapshots: Snapshot[] = [];
    const listeners = new Map<Worker, (r: Ipc) => void>();
    let sent = false;
    // Once: when every worker answered, or after a second with those that did (a worker stuck or dying).
    const done = () => {
      if (sent) return;
      sent = true;
      clearTimeout(timer);
      for (const [w, onReply] of listeners) w.off("message", onReply);
      if (from.isConnected()) from.send({ type: "metrics:result", id: m.id, snapshots } satisfies Ipc);
    };
    const timer = setTimeout(done, 1000);
    for (const w of workers) {
      const onReply = (r: Ipc) => {
        if (r?.type !== "metrics:snapshot" || r.id !== m.id) return;
        snapshots.push(r.snapshot);
        if (snapshots.length === workers.length) done();
      };
      listeners.set(w, onReply);
      w.on("message", onReply);
      w.send({ type: "metrics:snapshot?", id: m.id } satisfies Ipc);
    }
  });
}

interface EndpointOptions {
  token: string;
  metrics: Metrics;
  sources: MetricsSources;
}

/** `GET /metrics` with the bearer token; anything else goes on (the site's 404). */
export function metricsEndpoint(opts: EndpointOptions): RequestHandler {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  const expected = digest(opts.token);
  const pending = new Map<string, (snapshots: Snapshot[]) => void>();
  let seq = 0;
  if (cluster.isWorker) {
    process.on("message", (m: Ipc) => {
      if (m?.type === "metrics:snapshot?")
        process.send?.({ type: "metrics:snapshot", id: m.id, snapshot: opts.metrics.snapshot(opts.sources) } satisfies Ipc);
      else if (m?.type === "metrics:result") pending.get(m.id)?.(m.snapshots);
    });
  }
  const collect = (): Promise<Snapshot[]> => {
    const local = opts.metrics.snapshot(opts.sources);
    if (!cluster.isWorker || !process.send) return Promise.resolve([local]);
    const id = `${process.pid}-${++seq}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => (pending.delete(id), resolve([local])), 2000);
      pending.set(id, (snapshots) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(snapshots.length ? snapshots : [local]);
      });
      process.send!({ type: "metrics:collect", id } satisfies Ipc);
    });
  };
  return (req, res, next) => {
    if (req.path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const auth = req.headers.authorization ?? "";
    const given = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    if (!given || !timingSafeEqual(digest(given), expected)) return next();
    void Promise.all([collect(), opts.sources.outbox()]).then(
      ([snapshots, outbox]) => {
        res.setHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        res.setHeader("Cache-Control", "no-store");
        res.end(req.method === "HEAD" ? undefined : render(merge(snapshots), outbox, snapshots.length));
      },
      (error: unknown) => next(error),
    );
  };
}
