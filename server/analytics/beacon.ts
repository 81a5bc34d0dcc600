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
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BODY, type WireEvent, deviceOf, isBot, parseEvents, sourceOf } from "../../src/lib/analytics/event.ts";

/** The rate limiter's verdict (server/api/rate-limit.ts and server/api/shared-rate-limit.ts give the same). */
type Verdict = { ok: true } | { ok: false; retryAfter: number };
interface Limiter {
  hit(key: string): Verdict;
}

/** The columns of public.analytics_events a row of `EventRows` fills, in its order. */
export const EVENT_COLUMNS = "at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms";

/**
 * A value in COPY's text format: `\N` for null; a backslash, tab, newline or carriage return escaped with
 * a backslash, so that no value can end its field or its row; U+0000 left out.
 */
function copyText(value: string | null | undefined): string {
  if (value == null) return "\\N";
  return /[\\\t\n\r\0]/.test(value) ? value.replace(/[\\\t\n\r\0]/g, (c) => COPY_ESCAPES[c]!) : value;
}
// U+0000 cannot be stored in text at all: dropped (it would fail the whole batch).
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "" };

/** The visitor of a day: never stored with its inputs, not comparable across days. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${site}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);
}

/**
 * An event kept before its day's salt was known (a thread that has not been told it yet, the first
 * seconds after start): its row up to the visitor (`head`) and after it (`tail`), and the visitor's inputs,
 * which the main thread turns into the hash before writing. They are never written.
 */
interface WaitingEvent {
  day: string;
  head: string;
  tail: string;
  address: string;
  ua: string;
}

/**
 * Events waiting to be written. Whoever answers the beacon (a page thread, the analytics listener, the main
 * thread) turns each event at once into its row of COPY's text format (EVENT_COLUMNS, visitor hash included),
 * so that the main thread, which owns PGlite, only joins the text and writes it: one string per batch
 * between threads, no array per column to copy and walk, no hashing on the thread that stores the forms
 * (docs/analytics.md, "Where the work is done"). The client's address and user agent never leave the
 * thread that answered, except in `waiting`.
 */
export class EventRows {
  /** `count` complete rows, each ending with a newline. */
  rows = "";
  count = 0;
  waiting: WaitingEvent[] = [];
  get length() {
    return this.count + this.waiting.length;
  }
}

/** An event's values, as its row holds them (the visitor apart). */
interface EventValues {
  at: string;
  day: string;
  kind: string;
  path: string;
  locale: string;
  channel: string;
  source: string | null;
  campaign: string | null;
  device: string;
  form: string | null;
  forms: string[] | null;
}

/** An event's row around its visitor hash: `head + visitor + tail` is the row, newline included. */
export function rowParts(v: EventValues): { head: string; tail: string } {
  return {
    head: `${v.at}\t${v.day}\t${copyText(v.kind)}\t${copyText(v.path)}\t${copyText(v.locale)}\t`,
    tail:
      `\t${copyText(v.channel)}\t${copyText(v.source)}\t${copyText(v.campaign)}\t${copyText(v.device)}\t` +
      `${copyText(v.form)}\t${copyText(v.forms && `{${v.forms.join(",")}}`)}\n`,
  };
}

/** The rows of a batch as they are written: the waiting ones completed with `saltOf` (the main thread's). */
export async function completeRows(b: Pick<EventRows, "rows" | "waiting">, site: string, saltOf: (day: string) => Promise<string>) {
  let text = b.rows;
  for (const w of b.waiting) text += w.head + visitorHash(await saltOf(w.day), site, w.address, w.ua) + w.tail;
  return text;
}

/** The first `n` rows of a text of rows. */
export function firstRows(rows: string, n: number): string {
  let end = 0;
  for (let i = 0; i < n && end < rows.length; i++) end = rows.indexOf("\n", end) + 1 || rows.length;
  return rows.slice(0, end);
}

/**
 * Rows of COPY's text format back into one array per column (EVENT_COLUMNS), for PostgreSQL, which the
 * server writes to with an insert of arrays (`pg` has no COPY without another package).
 */
export function rowsToColumns(text: string): (string | null)[][] {
  const columns: (string | null)[][] = Array.from({ length: 12 }, () => []);
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const fields = line.split("\t");
    for (let i = 0; i < 12; i++) columns[i]!.push(fromCopyText(fields[i] ?? "\\N"));
  }
  return columns;
}
const fromCopyText = (field: string): string | null =>
  field === "\\N" ? null : field.includes("\\") ? field.replace(/\\(.)/g, (_, c: string) => COPY_UNESCAPES[c] ?? c) : field;
const COPY_UNESCAPES: Record<string, string> = { t: "\t", n: "\n", r: "\r" };

/** What a page thread needs to answer the beacon with the same rules and the same (shared) rate limit. */
export interface BeaconShare {
  /** ANALYTICS_RATE_LIMIT, or null when off. */
  rule: { limit: number; windowSeconds: number } | null;
  /** The rate limiter's counters (server/api/shared-rate-limit.ts), shared by every thread. */
  limiter: SharedArrayBuffer | null;
  /** The site's origin, part of the visitor hash (server/analytics/collector.ts). */
  site: string;
  /** The salts known when the thread starts ([day, salt]); later ones come as messages. */
  salts: [string, string][];
}

/** A batch of events a page thread kept (server/site/page-thread.ts), and the events it ignored. */
export interface ThreadBatch {
  rows: string;
  count: number;
  waiting: WaitingEvent[];
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
  target(): { into: EventRows; room: number };
  /** The site's origin (the visitor hash). */
  site: string;
  /** The salt of a day, if this thread knows it (else the event waits for the main thread's). */
  saltOf(day: string): string | undefined;
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
    const salt = opts.saltOf(day);
    // One hash per request: its events share the day, the address and the agent.
    const visitor = salt === undefined ? null : visitorHash(salt, opts.site, address, ua);
    let left = room;
    for (const e of events) {
      if (left <= 0) {
        counts.dropped++;
        continue;
      }
      left--;
      const { channel, source, campaign } = sourceOf(e.t);
      const forms = e.k === "view" && e.f?.length ? [...new Set(e.f)] : null;
      const form = e.k === "view" ? null : e.f;
      const { head, tail } = rowParts({ at, day, kind: e.k, path: e.p, locale: e.l, channel, source, campaign, device, form, forms });
      if (visitor === null) b.waiting.push({ day, head, tail, address, ua });
      else {
        b.rows += head + visitor + tail;
        b.count++;
      }
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
