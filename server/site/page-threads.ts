/**
 * Stored pages on more than one core while one thread owns the data directory (docs/serving.md, "Both
 * cores"). The main thread (PGlite, the API, rendering) starts `count` page threads (server/site/page-thread.ts)
 * that listen on the same port with SO_REUSEPORT, so the kernel spreads visitor connections over all of
 * them. A page thread answers a stored page itself and hands anything else to the main thread over a
 * private Unix socket (in a 0700 directory), one upstream connection per visitor connection, with the
 * visitor's address in a header only that socket accepts: the main thread then sees the request exactly as
 * if the visitor had connected to it (address, X-Forwarded-* and rate limits unchanged).
 *
 * Coherence: every page the main thread stores is sent to the threads, its bytes in shared memory (one
 * copy for all threads). Two shared counters say whether a copy may be served:
 * - the content generation, bumped by the main thread whenever the content version it watches changes;
 *   a thread serves only copies stored at the current generation;
 * - the writes in flight: a write through the API counts from the moment it arrives until the content
 *   version has been re-read after its answer; meanwhile the threads send page requests to the main
 *   thread, which makes them wait for the re-read as before. The counter is raised before the write is
 *   answered, so whoever publishes and then opens a page never gets the old one from a thread.
 * The business day and a scheduled post's publish time are checked by the thread itself, as the main
 * thread does; an expired page is handed to the main thread, which renders it again.
 *
 * Like page-wire.ts, plain TypeScript that Node loads without a loader (the threads import it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { type IncomingMessage, type RequestListener, type ServerResponse, createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { BASE_NICE } from "../ops/background-priority.ts";
import { drainHttpServer } from "../ops/shutdown.ts";
import type { CachedPage } from "./page-cache.ts";
import { type Series, THREAD_SLOTS, seriesOf } from "../ops/metrics.ts";
import type { BeaconShare, ThreadBatch } from "../analytics/beacon.ts";

/** The visitor's "address port family", written by a page thread on its private upstream connection. */
export const PEER_HEADER = "x-wasla-peer";
/**
 * Said by the main thread instead of `Connection: close` on a forwarded request: "I refused this body, close
 * the visitor's connection after the answer". The thread does the closing (see below and page-thread.ts).
 */
export const CLOSE_HEADER = "x-wasla-close";
export const STATE_GENERATION = 0;
export const STATE_WRITES = 1;
/** Pages answered by the threads (tests and the benchmark read it). */
export const STATE_HITS = 2;
/** A page thread's young generation, in MB (see where the threads start). */
const PAGE_THREAD_YOUNG_MB = 64;

export interface ThreadData {
  port: number;
  host: string;
  socketPath: string;
  state: SharedArrayBuffer;
  baseHeaders: readonly (readonly [string, string])[];
  sMaxAge: number;
  staleWhileRevalidate: number;
  fallbackTtlMs: number;
  watching: boolean;
  trustProxy: false | number | string;
  cacheBytes: number;
  /**
   * This thread's own counters (server/ops/metrics.ts: THREAD_SLOTS each), read by the main thread: the pages
   * it answered, then the beacon requests it answered (kind api).
   */
  metrics: SharedArrayBuffer;
  /** The analytics beacon, answered by the thread itself (server/analytics/beacon.ts); null without the API. */
  beacon: (BeaconShare & { path: string }) | null;
  /** "pages": a page thread; "beacon": the analytics listener, on a port of its own, the beacon and nothing else. */
  role: "pages" | "beacon";
  /** The analytics listener's scheduling (ANALYTICS_LISTENER_PRIORITY): "idle" gives way to every other thread. */
  listenerPriority: "idle" | "normal";
  /** The main thread's nice value at start (server/ops/background-priority.ts), which the thread takes. */
  baseNice: number;
}

/** Main thread → page thread. `collect`: hand over the beacon events waiting now. */
export type ThreadMessage =
  { type: "page"; key: string; page: CachedPage } | { type: "drain" } | { type: "collect" } | { type: "salts"; salts: [string, string][] };
/**
 * Page thread → main thread. `events`: a batch of kept beacon events (`reply` when asked for by `collect`);
 * `drained`: after `drain`, every connection is closed and the last events were sent before this.
 */
export type ThreadReport =
  | { type: "listening"; port: number; priorityWarning: string | null }
  | { type: "error"; error: string }
  | { type: "events"; batch: ThreadBatch; reply: boolean }
  | { type: "drained" };

export interface PageThreads {
  /** A page the main thread stored: the threads keep a copy (bytes shared, not copied). Returns the page to keep. */
  publish(key: string, page: CachedPage): CachedPage;
  /** The content version changed: copies stored before are no longer served. */
  versionChanged(): void;
  /** A write through the API arrived; call the result once the content version has been re-read after it. */
  writeStarted(): () => void;
  /** Stored pages the threads answered so far. */
  hits(): number;
  /** Those pages, and the beacon requests the threads answered, by status class and duration, all threads together (/metrics). */
  metrics(): { page: Series; api: Series };
  /** The analytics listener's port (ANALYTICS_PORT), or null when there is none. */
  analyticsPort: number | null;
  /** Shutdown: the threads stop accepting and requests in flight finish (at most `graceMs`). */
  drain(graceMs: number): Promise<void>;
  close(): Promise<void>;
}

interface StartOptions extends Omit<ThreadData, "socketPath" | "state" | "metrics" | "beacon" | "role" | "baseNice"> {
  /** Page threads (0: none, only the analytics listener if asked for). */
  count: number;
  /**
   * The analytics listener (docs/analytics.md, "A listener of its own"): one more thread, on this port (0: any
   * free one), that answers the beacon and nothing else. Needs the collector. Null: none.
   */
  analyticsPort: number | null;
  /** What the main thread does with a request (the same listener as its own port). */
  listener: RequestListener;
  log: { warn(msg: string, extra?: object): void; error(msg: string, extra?: object): void };
  /** Where the beacon events the threads keep go (server/analytics/collector.ts), with the rules' shared part. */
  collector: {
    share: BeaconShare;
    take(batch: ThreadBatch): void;
    addSource(collect: () => Promise<void>): void;
    onSalts(listener: (salts: [string, string][]) => void): void;
    saltsReady: Promise<void>;
  } | null;
  /** The path of the beacon (src/lib/analytics/wire.ts). */
  eventPath: string;
  /** A thread stopped unexpectedly (the main thread should listen on the port again). */
  onLost?: () => void;
}

/** Starts the threads once the main server listens; null (and a warning) when they cannot listen. */
export async function startPageThreads(opts: StartOptions): Promise<PageThreads | null> {
  const { count, analyticsPort, listener, log, collector, eventPath, onLost, ...rest } = opts;
  // The threads start with today's and tomorrow's salts (a few milliseconds after the collector's start; at
  // most 2 s: until they come, the threads' events wait for the main thread to hash them).
  if (collector) await Promise.race([collector.saltsReady, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  const beacon = collector ? { ...collector.share, path: eventPath } : null;
  const dir = mkdtempSync(path.join(tmpdir(), "wasla-pages-"));
  const socketPath = path.join(dir, "main.sock");
  const state = new Int32Array(new SharedArrayBuffer(12));

  // The main thread's end: requests forwarded by the threads, with the visitor's address restored.
  const peers = new WeakSet<object>();
  const internal = createServer((req: IncomingMessage, res: ServerResponse) => {
    const peer = req.headers[PEER_HEADER];
    if (typeof peer === "string" && !peers.has(req.socket)) {
      const [address, port, family] = peer.split(" ");
      Object.defineProperties(req.socket, {
        remoteAddress: { value: address || undefined },
        remotePort: { value: port ? Number(port) : undefined },
        remoteFamily: { value: family || undefined },
      });
      peers.add(req.socket);
    }
    delete req.headers[PEER_HEADER];
    // A refused body (413, an upload turned away) is answered with `Connection: close` so that the rest is
    // not read. Closing this private socket while the thread is still writing the body to it makes the
    // thread's write fail (EPIPE) before it has read the answer, and the visitor got a 502 instead of it.
    // So the main thread keeps the socket open and tells the thread, which stops sending the body and closes
    // the visitor's connection after the answer (the upstream one closes with it).
    const setHeader = res.setHeader;
    res.setHeader = function (name, value) {
      if (name.toLowerCase() === "connection" && /\bclose\b/i.test(String(value))) return setHeader.call(this, CLOSE_HEADER, "1");
      return setHeader.call(this, name, value);
    };
    listener(req, res);
  });
  // The thread closes its upstream connection with the visitor's: no idle timeout of our own to race with.
  internal.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => internal.once("error", reject).listen(socketPath, () => resolve()));

  const workers: Worker[] = [];
  const counters: Float64Array[] = [];
  /** Per thread: whoever waits for its answer to `collect`, and whether it is gone. */
  const replies = new Map<Worker, (() => void)[]>();
  const drained = new Map<Worker, Promise<void>>();
  const gone = new Set<Worker>();
  const pageWorkers: Worker[] = [];
  let beaconPort: number | null = null;
  let closing = false;
  // The threads hash the beacon's visitors with the day's salt: a thread starts with the salts known then,
  // and each new set goes to every thread started.
  collector?.onSalts((salts) => {
    for (const w of workers) if (!gone.has(w)) w.postMessage({ type: "salts", salts } satisfies ThreadMessage);
  });
  const url = new URL("./page-thread.ts", import.meta.url);
  try {
    const roles: ThreadData["role"][] = Array.from({ length: count }, () => "pages");
    if (analyticsPort !== null && beacon) roles.push("beacon");
    for (const role of roles) {
      // One writer per array (its thread): no atomics needed for the counters.
      const metrics = new SharedArrayBuffer(2 * THREAD_SLOTS * 8);
      counters.push(new Float64Array(metrics));
      const port = role === "beacon" ? analyticsPort! : rest.port;
      // No loader (tsx) in the thread: Node strips the types of these few files itself.
      const worker = new Worker(url, {
        workerData: {
          ...rest,
          port,
          socketPath,
          state: state.buffer,
          metrics,
          beacon: beacon && { ...beacon, salts: collector!.share.salts },
          role,
          baseNice: BASE_NICE,
        } satisfies ThreadData,
        execArgv: [],
        // The beacon's requests (thousands a second) fill the young generation fast: with the process's
        // 8 MB semi-spaces (scripts/lib/server-command.mjs) the thread stopped for a scavenge several times
        // a second, and a page waiting behind one counted in the p99. bench:analytics, 3 pairs, quiet
        // machine: pages' p99 beside the beacon 14.6 ms → 8.4 ms (pages alone 5.0–5.3 ms); 256 MB gave no
        // more. RSS idle 290 → 296 MB, peak 338 → 339 MB.
        resourceLimits: { maxYoungGenerationSizeMb: PAGE_THREAD_YOUNG_MB },
      });
      workers.push(worker);
      await new Promise<void>((resolve, reject) => {
        worker.once("error", reject);
        worker.once("exit", (code) => reject(new Error(`page thread exited (${code})`)));
        worker.once("message", (m: ThreadReport) => {
          if (m.type !== "listening") return reject(new Error(m.type === "error" ? m.error : "page thread failed"));
          if (role === "beacon") {
            beaconPort = m.port;
            if (m.priorityWarning)
              log.warn("analytics listener: could not lower its priority (it competes with the pages)", { reason: m.priorityWarning });
          }
          resolve();
        });
      });
      if (role === "pages") pageWorkers.push(worker);
      worker.removeAllListeners("exit");
      worker.removeAllListeners("error");
      worker.on("error", (error) => log.warn("page thread failed", { error: String(error) }));
      replies.set(worker, []);
      let drainedNow = () => {};
      drained.set(worker, new Promise<void>((resolve) => (drainedNow = resolve)));
      const settle = () => {
        gone.add(worker);
        drainedNow();
        for (const r of replies.get(worker)!.splice(0)) r();
      };
      worker.on("message", (m: ThreadReport) => {
        if (m.type === "events") {
          collector?.take(m.batch);
          if (m.reply) replies.get(worker)!.shift()?.();
        } else if (m.type === "drained") drainedNow();
      });
      worker.on("exit", (code) => {
        settle();
        if (closing) return;
        if (role === "beacon") {
          // The beacon is still answered on the site's own port; a proxy that sends it here retries there or fails.
          log.error("analytics listener stopped: the beacon is answered on the site's port only", { code });
          return;
        }
        log.warn("page thread stopped", { code });
        onLost?.();
      });
      worker.unref();
    }
  } catch (error) {
    log.warn("page threads unavailable: the main thread serves alone", { error: String(error) });
    await Promise.all(workers.map((w) => w.terminate()));
    internal.close();
    rmSync(dir, { recursive: true, force: true });
    return null;
  }

  /** Asks every thread for the beacon events it holds; resolves once they joined the collector's buffer. */
  const collectAll = () =>
    Promise.all(
      workers.map((w) =>
        gone.has(w)
          ? undefined
          : new Promise<void>((resolve) => {
              replies.get(w)!.push(resolve);
              w.postMessage({ type: "collect" } satisfies ThreadMessage);
            }),
      ),
    ).then(() => undefined);
  collector?.addSource(collectAll);
  const within = (p: Promise<unknown>, ms: number) => {
    let t: NodeJS.Timeout | undefined;
    return Promise.race([p, new Promise((resolve) => (t = setTimeout(resolve, ms)))]).finally(() => clearTimeout(t));
  };

  const share = (b: Buffer) => {
    const s = Buffer.from(new SharedArrayBuffer(b.length));
    b.copy(s);
    return s;
  };

  return {
    publish(key, page) {
      const shared: CachedPage = { ...page, identity: share(page.identity), br: share(page.br), gzip: share(page.gzip) };
      const copy = { ...shared, version: String(Atomics.load(state, STATE_GENERATION)) };
      for (const w of pageWorkers) w.postMessage({ type: "page", key, page: copy } satisfies ThreadMessage);
      return shared;
    },
    versionChanged: () => void Atomics.add(state, STATE_GENERATION, 1),
    writeStarted() {
      Atomics.add(state, STATE_WRITES, 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        Atomics.sub(state, STATE_WRITES, 1);
      };
    },
    hits: () => Atomics.load(state, STATE_HITS),
    analyticsPort: beaconPort,
    metrics() {
      const add = (a: Series, b: Series) => ({
        classes: a.classes.map((n, i) => n + b.classes[i]!),
        buckets: a.buckets.map((n, i) => n + b.buckets[i]!),
        sum: a.sum + b.sum,
        count: a.count + b.count,
      });
      return {
        page: counters.map((c) => seriesOf(c.subarray(0, THREAD_SLOTS))).reduce(add),
        api: counters.map((c) => seriesOf(c.subarray(THREAD_SLOTS))).reduce(add),
      };
    },
    async drain(graceMs) {
      for (const w of workers) w.postMessage({ type: "drain" } satisfies ThreadMessage);
      // Each thread says "drained" once its connections are closed, after sending its last beacon events.
      await Promise.all([drainHttpServer(internal, graceMs), within(Promise.all(drained.values()), graceMs + 1000)]);
    },
    async close() {
      closing = true;
      // Beacon events still held by a thread join the collector's buffer before the threads stop.
      await within(collectAll(), 1000);
      await Promise.all(workers.map((w) => w.terminate()));
      internal.closeAllConnections();
      await new Promise<void>((resolve) => internal.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
