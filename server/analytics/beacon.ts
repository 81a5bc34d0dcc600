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

/** What the rules read from a request's head (the body comes after, if the head passes). */
export interface BeaconHead {
  /** The Content-Type header, as sent. */
  contentType: string | undefined;
  /** The Content-Length header, as sent (absent: 0). */
  contentLength: string | undefined;
  userAgent: string | undefined;
  dnt: string | undefined;
  gpc: string | undefined;
  /** Worked out by the caller (server/api/client-address.ts); null when unknown. */
  clientAddress: string | null;
}

/**
 * An answer of the rules. A refusal names its status and message; `close` says the connection closes after
 * it, because the body may still be arriving (415, 413, 429). An accepted or ignored request is a 204.
 */
export type BeaconAnswer = { status: 204 } | { status: 400 | 413 | 415 | 429; message: string; close: boolean; retryAfter?: number };

/** The same body as every refusal of the beacon, on every path. */
export const refusalBody = (message: string) => JSON.stringify({ error: "invalid_input", message });

interface Beacon {
  /** Answers one request; `clientAddress` is worked out by the caller (server/api/client-address.ts). */
  handle(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): Promise<void>;
  /** The rules that need only the head: a refusal, or null to read the body (at most MAX_BODY bytes). */
  checkHead(head: BeaconHead): BeaconAnswer | null;
  /** The rules on the body (a head that passed `checkHead`): keeps the events, or refuses them. */
  takeBody(head: BeaconHead, text: string): BeaconAnswer;
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

  const refuse = (status: 400 | 413 | 415 | 429, message: string, retryAfter?: number): BeaconAnswer => ({
    status,
    message,
    // The body may still be arriving: answer and close rather than read what was refused.
    close: status !== 400,
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });

  function checkHead(head: BeaconHead): BeaconAnswer | null {
    const type = (head.contentType ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "text/plain" && type !== "application/json") return refuse(415, "Send the event as text/plain or application/json");
    if (Number(head.contentLength ?? 0) > MAX_BODY) return refuse(413, `At most ${MAX_BODY} bytes`);
    if (limiter) {
      const verdict = limiter.hit(head.clientAddress ?? "unknown");
      if (!verdict.ok) return refuse(429, "Too many events", verdict.retryAfter);
    }
    return null;
  }

  function takeBody(head: BeaconHead, text: string): BeaconAnswer {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(400, "The body is not JSON");
    }
    const parsed = parseEvents(body);
    if (!parsed.ok) return refuse(400, parsed.message);
    const ua = head.userAgent ?? "";
    const agent = agentOf(ua);
    if (opts.stopped?.() || head.dnt === "1" || head.gpc === "1" || agent.bot) counts.ignored += parsed.events.length;
    else keep(parsed.events, head.clientAddress ?? "unknown", ua, agent.device);
    return { status: 204 };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): Promise<void> {
    res.setHeader("Cache-Control", "no-store");
    const answer = (a: BeaconAnswer) => {
      res.statusCode = a.status;
      if (a.status === 204) return void res.end();
      if (a.retryAfter !== undefined) res.setHeader("Retry-After", String(a.retryAfter));
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      if (a.close) res.setHeader("Connection", "close");
      res.end(refusalBody(a.message));
    };
    const h = req.headers;
    const head: BeaconHead = {
      contentType: h["content-type"],
      contentLength: h["content-length"],
      userAgent: h["user-agent"],
      dnt: h.dnt as string | undefined,
      gpc: h["sec-gpc"] as string | undefined,
      clientAddress,
    };
    const refused = checkHead(head);
    if (refused) return answer(refused);
    let text: string | null;
    try {
      text = await readBody(req, MAX_BODY);
    } catch {
      return;
    }
    answer(text === null ? refuse(413, `At most ${MAX_BODY} bytes`) : takeBody(head, text));
  }

  return { handle, checkHead, takeBody };
}
