/**
 * The analytics beacon's endpoint and its write buffer (docs/analytics.md).
 *
 * POST /api/event takes one event or a small batch (src/lib/analytics/event.ts), answers 204 at once and
 * keeps the events in memory (the rules: server/analytics/beacon.ts, shared with the page threads, which
 * answer the beacon themselves and hand their events to this buffer in batches, `take`); they are written
 * together, one statement per flush (PGlite: a COPY; PostgreSQL: an insert of arrays), every ANALYTICS_FLUSH_MS (1 s) or as soon as
 * ANALYTICS_FLUSH_EVENTS (5,000) are waiting, and on shutdown. The
 * buffer is bounded (ANALYTICS_BUFFER_MAX): beyond it, events are dropped and counted, never the server's
 * memory. Bad input gets a 4xx and nothing is kept; a robot, or a request with Do Not Track / Global Privacy
 * Control, gets the same 204 and nothing is kept either.
 *
 * A visitor is sha256(day's salt, site, client address, user agent), truncated; the salt is random, one
 * per UTC day, shared by every server through public.analytics_salts, and deleted once its day is over.
 * Neither the address nor the user agent is stored; only the kind of device is read from the latter.
 */
import { randomBytes } from "node:crypto";
import { type BackgroundPriority, backgroundPriority } from "../ops/background-priority.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { clientAddressOrNull } from "../api/client-address.ts";
import { parseRateLimit } from "../api/rate-limit.ts";
import { SharedRateLimiter } from "../api/shared-rate-limit.ts";
import type { Database } from "../db/database.ts";
import {
  type BeaconShare,
  EVENT_COLUMNS,
  EventRows,
  type ThreadBatch,
  beacon,
  completeRows,
  firstRows,
  rowsToColumns,
  utcDay,
} from "./beacon.ts";

export { utcDay };

export interface AnalyticsLog {
  info(msg: string, extra?: object): void;
  warn(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
}

interface CollectorOptions {
  db: Database;
  /** The site's origin: part of the visitor hash, so two sites on one database never share visitors. */
  site: string;
  env?: Record<string, string | undefined>;
  log: AnalyticsLog;
  now?: () => Date;
  /** Runs the database writes (PGlite: on this thread) at background priority (server/ops/background-priority.ts). */
  background?: BackgroundPriority;
}

interface CollectorStats {
  accepted: number;
  ignored: number;
  dropped: number;
  written: number;
  flushes: number;
  /** Events whose visitor the main thread hashed: kept by a thread before it knew their day's salt. */
  completed: number;
}

export interface Collector {
  handler: RequestHandler;
  /**
   * The same, for a request answered before Express (server/app.ts: the beacon is the busiest route and
   * needs none of the middleware), with the client's address already worked out.
   */
  handle(req: IncomingMessage, res: ServerResponse, address: string | null): Promise<void>;
  /** For the page threads: the rule and the shared counters of the rate limit, the site and the salts known now. */
  share: BeaconShare;
  /** Settles once today's and tomorrow's salts are known (or could not be made: events then wait for them). */
  saltsReady: Promise<void>;
  /** Calls `listener` with the salts of yesterday to tomorrow whenever they change (the threads hash with them). */
  onSalts(listener: (salts: [string, string][]) => void): void;
  /** Events a page thread answered: they join the write buffer (same bounds, same stats). */
  take(batch: ThreadBatch): void;
  /**
   * Something else holding events for this buffer (the page threads): `flush` first asks it to hand them
   * over and waits (at most a second).
   */
  addSource(collect: () => Promise<void>): void;
  /** Writes what is waiting (tests, the roll-up job, shutdown). */
  flush(): Promise<void>;
  stats: CollectorStats;
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
/** How often today's and tomorrow's salts are checked (the day changes; another server may have made them). */
const SALTS_EVERY_MS = 10 * 60_000;

const int = (raw: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export function startCollector({
  db,
  site,
  env = {},
  log,
  now = () => new Date(),
  background = backgroundPriority(0),
}: CollectorOptions): Collector {
  const flushMs = int(env.ANALYTICS_FLUSH_MS, 1000, 10, 60_000);
  // Few, large writes: each one switches the main thread to idle priority and back (server/ops/background-priority.ts).
  const flushEvents = int(env.ANALYTICS_FLUSH_EVENTS, 5000, 1, 50_000);
  const bufferMax = int(env.ANALYTICS_BUFFER_MAX, 50_000, 100, 1_000_000);
  const rule = parseRateLimit(env.ANALYTICS_RATE_LIMIT, { limit: 120, windowSeconds: 60 });
  // In shared memory: the page threads answer the beacon too, and count against the same limit.
  const limiter = rule ? new SharedRateLimiter(rule, null, () => now().getTime()) : null;
  const stats: CollectorStats = { accepted: 0, ignored: 0, dropped: 0, written: 0, flushes: 0, completed: 0 };
  let buffer = new EventRows();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;
  const salts = new Map<string, string>();
  const saltListeners: ((salts: [string, string][]) => void)[] = [];
  const share: BeaconShare = { rule, limiter: limiter?.buffer ?? null, site, salts: [] };
  const sources: (() => Promise<void>)[] = [];

  async function saltOf(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    await db.query("insert into public.analytics_salts (day, salt) values ($1, $2) on conflict (day) do nothing", [
      day,
      randomBytes(32).toString("base64url"),
    ]);
    const r = await db.query<{ salt: string }>("select salt from public.analytics_salts where day = $1", [day]);
    const salt = r.rows[0]?.salt;
    if (!salt) throw new Error(`no analytics salt for ${day}`);
    salts.set(day, salt);
    publish();
    return salt;
  }

  /** Sends the salts from yesterday on to the threads, when they changed. */
  let published = "[]";
  function publish() {
    const yesterday = utcDay(new Date(now().getTime() - DAY_MS));
    for (const day of salts.keys()) if (day < yesterday) salts.delete(day);
    const entries = [...salts].sort(([a], [b]) => a.localeCompare(b));
    share.salts = entries;
    const text = JSON.stringify(entries);
    if (text === published) return;
    published = text;
    for (const listener of saltListeners) listener(entries);
  }

  /**
   * Today's and tomorrow's salts, made ahead (every server of the database gets the same ones), so that the
   * threads that answer the beacon hash its events themselves, midnight included; only salts from yesterday
   * on are kept in memory (the roll-up job deletes the older ones from the database).
   */
  async function prepareSalts() {
    const t = now().getTime();
    for (const day of [utcDay(new Date(t)), utcDay(new Date(t + DAY_MS))]) await saltOf(day);
    publish();
  }
  const prepare = (): Promise<void> =>
    prepareSalts().catch((e) => {
      log.warn("analytics: could not prepare the day's salts (tried again in 10 s)", { error: String(e) });
      // Sooner than the regular check: meanwhile the threads' events wait for the main thread to hash them.
      if (!stopped) setTimeout(() => void prepare(), 10_000).unref();
    });
  const prepared = prepare();
  const saltTimer = setInterval(() => void prepare(), SALTS_EVERY_MS);
  saltTimer.unref();

  async function write(b: EventRows) {
    const n = b.length;
    const text = await completeRows(b, site, saltOf);
    if (db.copyFrom) {
      // PGlite: one COPY of the batch, in COPY's text format (a quarter cheaper than the insert of arrays).
      await background.run(() => db.copyFrom!(`public.analytics_events (${EVENT_COLUMNS})`, text));
    } else {
      await db.query(
        `insert into public.analytics_events (${EVENT_COLUMNS})
         select at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms::text[]
           from unnest($1::timestamptz[], $2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                       $9::text[], $10::text[], $11::text[], $12::text[])
                as t (at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms)`,
        rowsToColumns(text),
      );
    }
    stats.written += n;
    stats.flushes++;
    stats.completed += b.waiting.length;
  }

  function flushNow(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = buffer;
    buffer = new EventRows();
    // One write at a time, in order; a failed batch is logged and left (the counts are approximate by nature).
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await write(batch);
      } catch (e) {
        stats.dropped += batch.length;
        log.error("analytics: could not write events", { count: batch.length, error: String(e) });
      }
    });
    return writing;
  }

  async function flush(): Promise<void> {
    // Events the page threads are still holding join the buffer first.
    if (sources.length) {
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timeout = setTimeout(resolve, 1000)));
      await Promise.race([Promise.all(sources.map((collect) => collect().catch(() => undefined))), late]);
      clearTimeout(timeout);
    }
    return flushNow();
  }

  function schedule() {
    if (buffer.length >= flushEvents) void flushNow();
    else if (!timer && !stopped && buffer.length > 0) {
      timer = setTimeout(() => void flushNow(), flushMs);
      timer.unref();
    }
  }

  const answer = beacon({
    limiter,
    now,
    target: () => ({ into: buffer, room: bufferMax - buffer.length }),
    site,
    saltOf: (day) => salts.get(day),
    added: schedule,
    counts: stats,
    stopped: () => stopped,
  });

  function take({ rows, count, waiting, ignored, dropped }: ThreadBatch) {
    stats.ignored += ignored;
    stats.dropped += dropped;
    const n = count + waiting.length;
    if (stopped) {
      // Only after shutdown's last write (the threads hand theirs over before it): nothing is kept any more.
      stats.ignored += n;
      return;
    }
    const room = Math.max(0, bufferMax - buffer.length);
    const kept = Math.min(count, room);
    buffer.rows += kept === count ? rows : firstRows(rows, kept);
    buffer.count += kept;
    const keptWaiting = Math.min(waiting.length, room - kept);
    for (let i = 0; i < keptWaiting; i++) buffer.waiting.push(waiting[i]!);
    stats.accepted += kept + keptWaiting;
    stats.dropped += n - kept - keptWaiting;
    schedule();
  }

  return {
    handler: (req, res) => answer.handle(req, res, clientAddressOrNull(req)),
    handle: answer.handle,
    share,
    onSalts: (listener) => void saltListeners.push(listener),
    saltsReady: prepared,
    take,
    addSource: (collect) => void sources.push(collect),
    flush,
    stats,
    async stop() {
      clearInterval(saltTimer);
      await prepared;
      await flush();
      stopped = true;
      await flushNow();
    },
  };
}
