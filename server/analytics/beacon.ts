/**
 * The analytics beacon's one answering path (docs/analytics.md, "On the server"): what `POST /api/event` says
 * to a request and which events it keeps. Used by the main thread (server/analytics/collector.ts: before
 * Express and as an Express handler) and by the page threads (server/site/page-thread.ts), which answer the
 * beacon themselves and hand the kept events to the main thread's write buffer in batches.
 *
 * The rules, in order: content type (415), declared size (413), rate limit per client address (429 with
 * Retry-After), actual size (413), JSON (400), the wire format of src/lib/analytics/event.ts (400 with its
 * message); then a robot, an empty user agent or Do Not Track / Global Privacy Control gets the same 204 as
 * an accepted event, and nothing is kept.
 *
 * Plain TypeScript that Node loads without a loader (the page threads import it): no enums, no parameter
 * properties, explicit `.ts` imports.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BODY, type WireEvent, deviceOf, isBot, parseEvents, sourceOf } from "../../src/lib/analytics/event.ts";

/** The rate limiter's verdict (server/api/rate-limit.ts and server/api/shared-rate-limit.ts give the same). */
type Verdict = { ok: true } | { ok: false; retryAfter: number };
interface Limiter {
  hit(key: string): Verdict;
}

/**
 * Events waiting to be written, one array per column (no object per event): at the beacon's rate this is
 * the busiest allocation. `address` and `ua` are kept only until the write turns them into the visitor hash;
 * they are never written. A page thread sends its batch to the main thread as these arrays (postMessage).
 */
export class Columns {
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
type ColumnData = Omit<Columns, "length">;
export const COLUMN_NAMES = [
  "at",
  "day",
  "kind",
  "path",
  "locale",
  "channel",
  "source",
  "campaign",
  "device",
  "form",
  "forms",
  "address",
  "ua",
] as const satisfies readonly (keyof ColumnData)[];

/** What a page thread needs to answer the beacon with the same rules and the same (shared) rate limit. */
export interface BeaconShare {
  /** ANALYTICS_RATE_LIMIT, or null when off. */
  rule: { limit: number; windowSeconds: number } | null;
  /** The rate limiter's counters (server/api/shared-rate-limit.ts), shared by every thread. */
  limiter: SharedArrayBuffer | null;
}

/** A batch of events a page thread kept (server/site/page-thread.ts), and the events it ignored. */
export interface ThreadBatch {
  columns: ColumnData;
  ignored: number;
  dropped: number;
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** What the beacon reads from a user agent, remembered for the few hundred agents most traffic shares. */
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

interface BeaconOptions {
  /** Null: no rate limit (ANALYTICS_RATE_LIMIT=off). */
  limiter: Limiter | null;
  now: () => Date;
  /** Where kept events go (`into` is the current batch, `room` how many more it may take). */
  target(): { into: Columns; room: number };
  /** Called after events were added (the main thread schedules its write, a thread its hand-over). */
  added(): void;
  counts: { accepted: number; ignored: number; dropped: number };
  /** True once nothing more is kept (shutdown): requests still get their 204. */
  stopped?: () => boolean;
}

interface Beacon {
  /** Answers one request; `clientAddress` is worked out by the caller (server/api/client-address.ts). */
  handle(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): Promise<void>;
}

export function beacon(opts: BeaconOptions): Beacon {
  const { limiter, now, counts } = opts;
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

  function keep(events: WireEvent[], address: string, ua: string, device: string) {
    const now_ = now();
    const day = dayOf(now_);
    const at = now_.toISOString();
    const { into: b, room } = opts.target();
    let left = room;
    for (const e of events) {
      if (left <= 0) {
        counts.dropped++;
        continue;
      }
      left--;
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
      counts.accepted++;
    }
    opts.added();
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
    if (opts.stopped?.() || tracking(req) || agent.bot) counts.ignored += parsed.events.length;
    else keep(parsed.events, address, ua, agent.device);
    res.statusCode = 204;
    res.end();
  }

  return { handle };
}
