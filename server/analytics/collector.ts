/**
 * The analytics beacon's endpoint and its write buffer (docs/analytics.md).
 *
 * POST /api/event takes one event or a small batch (src/lib/analytics/event.ts), answers 204 at once and
 * keeps the events in memory (the rules: server/analytics/beacon.ts, shared with the page threads, which
 * answer the beacon themselves and hand their events to this buffer in batches, `take`); they are written
 * together, one statement per flush (PGlite: a COPY; PostgreSQL: an insert of arrays), every ANALYTICS_FLUSH_MS (1 s) or as soon as
 * ANALYTICS_FLUSH_EVENTS (500) are waiting, and on shutdown. The
 * buffer is bounded (ANALYTICS_BUFFER_MAX): beyond it, events are dropped and counted, never the server's
 * memory. Bad input gets a 4xx and nothing is kept; a robot, or a request with Do Not Track / Global Privacy
 * Control, gets the same 204 and nothing is kept either.
 *
 * A visitor is sha256(day's salt, site, client address, user agent), truncated; the salt is random, one
 * per UTC day, shared by every server through public.analytics_salts, and deleted once its day is over.
 * Neither the address nor the user agent is stored; only the kind of device is read from the latter.
 */
import { createHash, randomBytes } from "node:crypto";
import { type BackgroundPriority, backgroundPriority } from "../ops/background-priority.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { clientAddressOrNull } from "../api/client-address.ts";
import { parseRateLimit } from "../api/rate-limit.ts";
import { SharedRateLimiter } from "../api/shared-rate-limit.ts";
import type { Database } from "../db/database.ts";
import { type BeaconShare, COLUMN_NAMES, Columns, type ThreadBatch, beacon, utcDay } from "./beacon.ts";

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
}

export interface Collector {
  handler: RequestHandler;
  /**
   * The same, for a request answered before Express (server/app.ts: the beacon is the busiest route and
   * needs none of the middleware), with the client's address already worked out.
   */
  handle(req: IncomingMessage, res: ServerResponse, address: string | null): Promise<void>;
  /** For the page threads: the rule and the shared counters of the rate limit. */
  share: BeaconShare;
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

const int = (raw: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/**
 * A value in COPY's text format: `\N` for null; a backslash, tab, newline or carriage return escaped with
 * a backslash, so that no value can end its field or its row.
 */
function copyText(value: string | null | undefined): string {
  if (value == null) return "\\N";
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** The visitor of a day: never stored with its inputs, not comparable across days. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${site}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);
}

export function startCollector({
  db,
  site,
  env = {},
  log,
  now = () => new Date(),
  background = backgroundPriority(0),
}: CollectorOptions): Collector {
  const flushMs = int(env.ANALYTICS_FLUSH_MS, 1000, 10, 60_000);
  const flushEvents = int(env.ANALYTICS_FLUSH_EVENTS, 500, 1, 10_000);
  const bufferMax = int(env.ANALYTICS_BUFFER_MAX, 50_000, 100, 1_000_000);
  const rule = parseRateLimit(env.ANALYTICS_RATE_LIMIT, { limit: 120, windowSeconds: 60 });
  // In shared memory: the page threads answer the beacon too, and count against the same limit.
  const limiter = rule ? new SharedRateLimiter(rule, null, () => now().getTime()) : null;
  const stats: CollectorStats = { accepted: 0, ignored: 0, dropped: 0, written: 0, flushes: 0 };
  let buffer = new Columns();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;
  const salts = new Map<string, string>();
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
    // Only today's salt (and a day that is still arriving around midnight) is kept in memory.
    if (salts.size > 2) salts.clear();
    salts.set(day, salt);
    return salt;
  }

  async function write(b: Columns) {
    const n = b.length;
    // The salts first (nearly always one day, already known), then every hash without waiting.
    const daySalts = new Map<string, string>();
    for (const day of new Set(b.day)) daySalts.set(day, await saltOf(day));
    const visitor: string[] = new Array(n);
    for (let i = 0; i < n; i++) visitor[i] = visitorHash(daySalts.get(b.day[i]!)!, site, b.address[i]!, b.ua[i]!);
    if (db.copyFrom) {
      // PGlite: one COPY of the batch, in COPY's text format (a quarter cheaper than the insert of arrays).
      let text = "";
      for (let i = 0; i < n; i++) {
        const forms = b.forms[i];
        text +=
          `${b.at[i]}\t${b.day[i]}\t${copyText(b.kind[i]!)}\t${copyText(b.path[i]!)}\t${copyText(b.locale[i]!)}\t${visitor[i]}\t` +
          `${copyText(b.channel[i]!)}\t${copyText(b.source[i])}\t${copyText(b.campaign[i])}\t${copyText(b.device[i]!)}\t` +
          `${copyText(b.form[i])}\t${forms == null ? "\\N" : copyText(`{${forms}}`)}\n`;
      }
      const copy = () =>
        db.copyFrom!(
          "public.analytics_events (at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms)",
          text,
        );
      await background.run(copy);
      stats.written += n;
      stats.flushes++;
      return;
    }
    await db.query(
      `insert into public.analytics_events (at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms)
       select at, day, kind, path, locale, visitor, channel, source, campaign, device, form,
              case when forms is null then null else string_to_array(forms, ',') end
         from unnest($1::timestamptz[], $2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                     $9::text[], $10::text[], $11::text[], $12::text[])
              as t (at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms)`,
      [b.at, b.day, b.kind, b.path, b.locale, visitor, b.channel, b.source, b.campaign, b.device, b.form, b.forms],
    );
    stats.written += n;
    stats.flushes++;
  }

  function flushNow(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = buffer;
    buffer = new Columns();
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
    added: schedule,
    counts: stats,
    stopped: () => stopped,
  });

  function take({ columns, ignored, dropped }: ThreadBatch) {
    stats.ignored += ignored;
    stats.dropped += dropped;
    const n = columns.at.length;
    if (stopped) {
      // Only after shutdown's last write (the threads hand theirs over before it): nothing is kept any more.
      stats.ignored += n;
      return;
    }
    const room = Math.max(0, bufferMax - buffer.length);
    const kept = Math.min(n, room);
    if (kept === n) for (const name of COLUMN_NAMES) (buffer[name] as unknown[]).push(...columns[name]);
    else for (const name of COLUMN_NAMES) for (let i = 0; i < kept; i++) (buffer[name] as unknown[]).push(columns[name][i]);
    stats.accepted += kept;
    stats.dropped += n - kept;
    schedule();
  }

  return {
    handler: (req, res) => answer.handle(req, res, clientAddressOrNull(req)),
    handle: answer.handle,
    share: { rule, limiter: limiter?.buffer ?? null },
    take,
    addSource: (collect) => void sources.push(collect),
    flush,
    stats,
    async stop() {
      await flush();
      stopped = true;
      await flushNow();
    },
  };
}
