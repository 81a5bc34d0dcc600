/**
 * The analytics beacon's endpoint and its write buffer (docs/analytics.md).
 *
 * POST /api/event takes one event or a small batch (src/lib/analytics/event.ts), answers 204 at once and
 * keeps the events in memory; they are written together, one multi-row insert per flush, every
 * ANALYTICS_FLUSH_MS (1 s) or as soon as ANALYTICS_FLUSH_EVENTS (500) are waiting, and on shutdown. The
 * buffer is bounded (ANALYTICS_BUFFER_MAX): beyond it, events are dropped and counted, never the server's
 * memory. Bad input gets a 4xx and nothing is kept; a robot, or a request with Do Not Track / Global Privacy
 * Control, gets the same 204 and nothing is kept either.
 *
 * A visitor is sha256(day's salt, site, client address, user agent), truncated; the salt is random, one
 * per UTC day, shared by every server through public.analytics_salts, and deleted once its day is over.
 * Neither the address nor the user agent is stored; only the kind of device is read from the latter.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { clientAddressOrNull } from "../api/client-address.ts";
import { RateLimiter, parseRateLimit } from "../api/rate-limit.ts";
import type { Database } from "../db/database.ts";
import { MAX_BODY, type WireEvent, deviceOf, isBot, parseEvents, sourceOf } from "../../src/lib/analytics/event.ts";

export interface AnalyticsLog {
  info(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
}

interface CollectorOptions {
  db: Database;
  /** The site's origin: part of the visitor hash, so two sites on one database never share visitors. */
  site: string;
  env?: Record<string, string | undefined>;
  log: AnalyticsLog;
  now?: () => Date;
}

/**
 * The events waiting to be written, one array per column (no object per event): at the beacon's rate the
 * buffer is the server's busiest allocation. `address` and `ua` are kept only until the write turns them
 * into the visitor hash (the day's salt may still have to be read); they are never written.
 */
class Columns {
  at: string[] = [];
  day: string[] = [];
  kind: string[] = [];
  path: string[] = [];
  locale: string[] = [];
  channel: string[] = [];
  source: (string | null)[] = [];
  campaign: (string | null)[] = [];
  device: string[] = [];
  form: (string | null)[] = [];
  forms: (string | null)[] = [];
  address: string[] = [];
  ua: string[] = [];
  get length() {
    return this.at.length;
  }
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
  /** Writes what is waiting (tests, the roll-up job, shutdown). */
  flush(): Promise<void>;
  stats: CollectorStats;
  stop(): Promise<void>;
}

const int = (raw: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The visitor of a day: never stored with its inputs, not comparable across days. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${site}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);
}

/** What the collector reads from a user agent, remembered for the few hundred agents most traffic shares. */
interface Agent {
  bot: boolean;
  device: string;
}
const AGENTS_MAX = 500;
const AGENT_LENGTH_MAX = 512;

const tracking = (req: IncomingMessage) => req.headers.dnt === "1" || req.headers["sec-gpc"] === "1";

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let first: Buffer | null = null;
    let more: Buffer[] | null = null;
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        resolve(null);
        req.destroy();
        return;
      }
      // A beacon's body nearly always arrives in one chunk: no array, no copy.
      if (!first) first = c;
      else (more ??= [first]).push(c);
    });
    req.on("end", () => resolve(more ? Buffer.concat(more).toString("utf8") : (first?.toString("utf8") ?? "")));
    req.on("error", reject);
  });
}

export function startCollector({ db, site, env = {}, log, now = () => new Date() }: CollectorOptions): Collector {
  const flushMs = int(env.ANALYTICS_FLUSH_MS, 1000, 10, 60_000);
  const flushEvents = int(env.ANALYTICS_FLUSH_EVENTS, 500, 1, 10_000);
  const bufferMax = int(env.ANALYTICS_BUFFER_MAX, 50_000, 100, 1_000_000);
  const rule = parseRateLimit(env.ANALYTICS_RATE_LIMIT, { limit: 120, windowSeconds: 60 });
  const limiter = rule ? new RateLimiter(rule, () => now().getTime()) : null;
  const stats: CollectorStats = { accepted: 0, ignored: 0, dropped: 0, written: 0, flushes: 0 };
  let buffer = new Columns();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;
  const salts = new Map<string, string>();
  const agents = new Map<string, Agent>();
  let dayStart = 0;
  let dayName = "";

  function agentOf(ua: string): Agent {
    let a = agents.get(ua);
    if (!a) {
      a = { bot: isBot(ua), device: deviceOf(ua) };
      // Real browsers' agents are a few hundred characters; a longer one is not worth remembering.
      if (ua.length <= AGENT_LENGTH_MAX) {
        if (agents.size >= AGENTS_MAX) agents.clear();
        agents.set(ua, a);
      }
    }
    return a;
  }

  /** The UTC day of an instant, computed once per day. */
  function dayOf(at: Date): string {
    const ms = at.getTime();
    if (ms < dayStart || ms >= dayStart + 86_400_000) {
      dayName = utcDay(at);
      dayStart = Date.parse(`${dayName}T00:00:00Z`);
    }
    return dayName;
  }

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

  function flush(): Promise<void> {
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

  function schedule() {
    if (buffer.length >= flushEvents) void flush();
    else if (!timer && !stopped) {
      timer = setTimeout(() => void flush(), flushMs);
      timer.unref();
    }
  }

  function keep(events: WireEvent[], address: string, ua: string, device: string) {
    const now_ = now();
    const day = dayOf(now_);
    const at = now_.toISOString();
    const b = buffer;
    for (const e of events) {
      if (b.length >= bufferMax) {
        stats.dropped++;
        continue;
      }
      const { channel, source, campaign } = sourceOf(e.t);
      b.at.push(at);
      b.day.push(day);
      b.kind.push(e.k);
      b.path.push(e.p);
      b.locale.push(e.l);
      b.channel.push(channel);
      b.source.push(source);
      b.campaign.push(campaign);
      b.device.push(device);
      b.form.push(e.k === "view" ? null : e.f);
      b.forms.push(e.k === "view" && e.f?.length ? [...new Set(e.f)].join(",") : null);
      b.address.push(address);
      b.ua.push(ua);
      stats.accepted++;
    }
    schedule();
  }

  async function handle(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): Promise<void> {
    res.setHeader("Cache-Control", "no-store");
    const bad = (status: number, message: string) => {
      res.statusCode = status;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      // The body may still be arriving: answer and close rather than read what was refused.
      if (status === 413 || status === 415 || status === 429) res.setHeader("Connection", "close");
      res.end(JSON.stringify({ error: "invalid_input", message }));
    };
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "text/plain" && type !== "application/json") return bad(415, "Send the event as text/plain or application/json");
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > MAX_BODY) return bad(413, `At most ${MAX_BODY} bytes`);
    const address = clientAddress ?? "unknown";
    if (limiter) {
      const verdict = limiter.hit(address);
      if (!verdict.ok) {
        res.setHeader("Retry-After", String(verdict.retryAfter));
        return bad(429, "Too many events");
      }
    }
    let text: string | null;
    try {
      text = await readBody(req, MAX_BODY);
    } catch {
      return;
    }
    if (text === null) return bad(413, `At most ${MAX_BODY} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return bad(400, "The body is not JSON");
    }
    const parsed = parseEvents(body);
    if (!parsed.ok) return bad(400, parsed.message);
    const ua = req.headers["user-agent"] ?? "";
    const agent = agentOf(ua);
    if (stopped || tracking(req) || agent.bot) stats.ignored += parsed.events.length;
    else keep(parsed.events, address, ua, agent.device);
    res.statusCode = 204;
    res.end();
  }

  return {
    handler: (req, res) => handle(req, res, clientAddressOrNull(req)),
    handle,
    flush,
    stats,
    async stop() {
      stopped = true;
      await flush();
    },
  };
}
