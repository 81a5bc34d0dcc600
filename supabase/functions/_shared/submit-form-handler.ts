/**
 * The submit-form function, runtime-agnostic: it takes a web `Request` and returns a web `Response`
 * (Node 20+ and Deno both have them). Storage and rate limiting come in as functions, so the same
 * code runs in the embedded Node server (server/api/functions/submit-form.ts) and as a Supabase Edge Function
 * (supabase/functions/submit-form/index.ts).
 */
import { type StoredAttribution, storedAttribution } from "./domain/attribution/attribution.ts";
import { type Availability, type Slot, addDays, nextFreeSlots, slotsOfDay } from "./domain/booking/availability.ts";
import { DEFAULT_MARKETS, type Market } from "./domain/booking/markets.ts";
import { validateSubmission } from "./domain/forms/schemas.ts";
import { invalidTextAt } from "./text.ts";

export interface SubmissionRow {
  submission_id: string;
  form_type: string;
  payload: Record<string, unknown>;
  page_path: string;
  locale: string;
  time_zone: string | null;
  user_agent: string | null;
  client_ip: string | null;
  /** demo_booking only: the slot's start (ISO instant); the store books it with the submission, atomically. */
  starts_at?: string;
  /**
   * When the browser outbox queued it (ISO instant), for a submission sent after queueing. A queued booking
   * whose slot is taken is stored anyway, as a lead without a booking ("slot_lost"): the visitor was told it
   * would be sent, so it must not be dropped (docs/product.md#submit).
   */
  queued_at?: string;
  /**
   * Set when a queued booking arrived after its time had passed (or inside the minimum notice): it is
   * stored as a lead without a booking, whatever the slot's state ("slot_lost").
   */
  lost_reason?: "slot_passed";
  /** demo_booking only: the market (public.markets.id) whose calendar the slot is on. */
  market?: string;
  /**
   * Where the visit came from, each touch with its channel (src/lib/attribution); stored with the
   * submission, its lead and its newsletter subscriber (public.submission_attribute).
   */
  attribution?: StoredAttribution;
}

/**
 * - "created": a new row was committed.
 * - "replayed": a row with this submission_id already exists (a retry of the same submission).
 * - "merged": an equivalent row exists (a newsletter address already signed up).
 * - "slot_taken": a demo booking whose slot another confirmed booking holds; nothing was stored.
 * - "slot_lost": a queued demo booking (queued_at) whose slot was taken: stored as a lead without a
 *   booking, sales told ('booking_slot_lost' mail); also the answer to a retry of such a submission.
 */
export type StoreOutcome = "created" | "replayed" | "merged" | "slot_taken" | "slot_lost";

type RateVerdict = { ok: true } | { ok: false; retryAfter: number };

interface SubmitFormDeps {
  /** Stores the row and resolves only after it is committed. */
  store(row: SubmissionRow): Promise<StoreOutcome>;
  /** Counts a request under `key`; returns the seconds to wait when over the limit. */
  rateLimit?(key: string): RateVerdict | Promise<RateVerdict>;
  /** The client's address as stored with the row (null when not known). */
  clientIp: string | null;
  /**
   * The key requests are counted under; defaults to `clientIp`, and to one shared "unknown" key when
   * there is no address, so that a missing or unparsable address never switches the limit off.
   */
  rateLimitKey?: string;
  now?: () => Date;
  /** The markets and their booking calendars (public.markets); DEFAULT_MARKETS when absent. */
  markets?(): Promise<readonly Market[]>;
  /** Starts (ms since the epoch) of the market's confirmed bookings in [from, to): for the next free slots of a 409. */
  busy?(from: Date, to: Date, market: string): Promise<number[]>;
  maxBodyBytes?: number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export const SUBMIT_FORM_MAX_BODY = 32 * 1024;

const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Expose-Headers": "Retry-After",
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

async function readLimited(req: Request, limit: number): Promise<string | null> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    all.set(c, off);
    off += c.byteLength;
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(all);
}

export async function handleSubmitForm(req: Request, deps: SubmitFormDeps): Promise<Response> {
  if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS_HEADERS });
  if (req.method !== "POST") {
    return json(405, { error: "method_not_allowed", message: "Use POST" }, { Allow: "POST, OPTIONS" });
  }
  const ct = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(ct)) {
    return json(415, { error: "unsupported_media_type", message: "Send the submission as application/json" });
  }
  const limit = deps.maxBodyBytes ?? SUBMIT_FORM_MAX_BODY;
  const text = await readLimited(req, limit);
  if (text === null) {
    return json(413, { error: "payload_too_large", message: `The submission is larger than ${limit} bytes` });
  }
  if (deps.rateLimit) {
    const r = await deps.rateLimit(deps.rateLimitKey ?? deps.clientIp ?? "unknown");
    if (!r.ok) {
      return json(
        429,
        { error: "rate_limited", message: "Too many submissions, please try again later", retryAfter: r.retryAfter },
        { "Retry-After": String(r.retryAfter) },
      );
    }
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json(400, { error: "invalid_json", message: "The body is not valid JSON", fields: {} });
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return json(400, {
      error: "invalid_input",
      message: "The body must be a JSON object",
      fields: { _: "The body must be a JSON object" },
    });
  }
  const badText = invalidTextAt(body);
  if (badText !== null) {
    const message = "Text may not contain NUL characters or unpaired surrogates";
    return json(400, { error: "invalid_input", message, fields: { [badText || "_"]: message } });
  }
  // Honeypot: people never fill the hidden field. Answer as if stored, store nothing, say nothing
  // about what was wrong.
  const honeypot = (body as { website?: unknown }).website;
  if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot !== undefined && honeypot !== null) {
    const sid = (body as { submissionId?: unknown }).submissionId;
    deps.log?.("submit-form: honeypot filled, dropped", { clientIp: deps.clientIp });
    return json(201, { id: typeof sid === "string" && sid.length <= 64 ? sid : crypto.randomUUID(), status: "stored" });
  }
  const now = deps.now ?? (() => new Date());
  // The booking's market decides the calendar its slot is checked against (docs/markets.md).
  let market: Market | undefined;
  if ((body as { formType?: unknown }).formType === "demo_booking") {
    const read = deps.markets ? await deps.markets() : [];
    const markets = read.length ? read : DEFAULT_MARKETS;
    const asked = (body as { payload?: { market?: unknown } }).payload?.market;
    market = asked === undefined || asked === null ? (markets.find((m) => m.isDefault) ?? markets[0]) : markets.find((m) => m.id === asked);
    if (!market) {
      const message = "market must be one of the markets";
      return json(400, { error: "invalid_input", message: "Invalid submission", fields: { "payload.market": message } });
    }
  }
  const availability: Availability | undefined = market;
  let result = validateSubmission(body, { now, availability });
  // A booking queued in the browser while offline may arrive after its time has passed (or inside the
  // minimum notice). It was a valid booking when the visitor made it and they were told it would be sent:
  // checked on the clock of the moment it was queued, it is kept as a lead without a booking, like a
  // queued booking whose slot was taken (docs/product.md#submit). Only the date and time may have aged.
  let passed = false;
  const queuedAt = queuedInstant(body, now());
  if (!result.ok && queuedAt && Object.keys(result.fields).every((k) => k === "payload.demoDate" || k === "payload.demoTime")) {
    const then = validateSubmission(body, { now: () => queuedAt, availability });
    if (then.ok && then.envelope.formType === "demo_booking") {
      result = then;
      passed = true;
    }
  }
  if (!result.ok) {
    return json(400, { error: "invalid_input", message: result.message, fields: result.fields });
  }
  const { envelope, payload } = result;
  let slot: Slot | undefined;
  if (envelope.formType === "demo_booking" && market) {
    slot = slotsOfDay(String(payload.demoDate), passed && queuedAt ? queuedAt : now(), market).find((s) => s.time === payload.demoTime);
    if (!slot) {
      return json(400, {
        error: "invalid_input",
        message: "Invalid submission",
        fields: { "payload.demoTime": "Please select a preferred time" },
      });
    }
  }
  const ua = req.headers.get("user-agent");
  const outcome = await deps.store({
    submission_id: envelope.submissionId.toLowerCase(),
    form_type: envelope.formType,
    payload,
    page_path: envelope.path,
    locale: envelope.locale,
    time_zone: envelope.timeZone ?? null,
    user_agent: ua ? ua.slice(0, 1024) : null,
    client_ip: deps.clientIp,
    ...(slot && market ? { starts_at: slot.start, market: market.id } : {}),
    ...(slot && envelope.queuedAt ? { queued_at: envelope.queuedAt } : {}),
    ...(passed ? { lost_reason: "slot_passed" as const } : {}),
    ...(envelope.attribution ? { attribution: storedAttribution(envelope.attribution) } : {}),
  });
  if (outcome === "slot_lost" && slot && market) {
    // Stored (the team has the details and will call); the visitor is offered the next free times.
    return json(409, {
      error: "slot_taken",
      code: "23505",
      stored: true,
      id: envelope.submissionId.toLowerCase(),
      requested: { date: slot.date, time: slot.time, start: slot.start },
      timeZone: market.timeZone,
      market: market.id,
      reason: passed ? "slot_passed" : "slot_taken",
      message: passed
        ? "This time had passed when your request arrived. We kept your details; please choose another time."
        : "This time was booked by someone else before your request arrived. We kept your details; please choose another time.",
      fields: { "payload.demoTime": "This time is no longer available" },
      nextSlots: await nextSlotsAfter(slot, now(), market, deps.busy),
    });
  }
  if (outcome === "slot_taken" && slot && market) {
    return json(409, {
      error: "slot_taken",
      code: "23505",
      message: "This time was booked by someone else a moment ago. Please choose another time.",
      fields: { "payload.demoTime": "This time is no longer available" },
      nextSlots: await nextSlotsAfter(slot, now(), market, deps.busy),
    });
  }
  // The id answered is the submission's idempotency key: the same for a retry, and a repeated
  // newsletter address answers exactly like a new one (no way to learn who is subscribed).
  const id = envelope.submissionId.toLowerCase();
  if (outcome === "replayed") return json(200, { id, status: "stored" });
  return json(201, { id, status: "stored" });
}

/**
 * The instant a submission was queued in the browser, when it is believable: in the past (a few minutes of
 * clock skew allowed) and at most 30 days ago. Otherwise null: the submission is checked on today's clock.
 */
function queuedInstant(body: unknown, now: Date): Date | null {
  const raw = (body as { queuedAt?: unknown } | null)?.queuedAt;
  if (typeof raw !== "string") return null;
  const at = Date.parse(raw);
  if (!Number.isFinite(at) || at > now.getTime() + 5 * 60_000 || at < now.getTime() - 30 * 86_400_000) return null;
  return new Date(at);
}

/** Up to five free slots from the taken slot's day on (the visitor picks one of them instead). */
async function nextSlotsAfter(taken: Slot, now: Date, a: Market, busy: SubmitFormDeps["busy"]): Promise<Slot[]> {
  const from = new Date(Date.parse(taken.start) - 86_400_000);
  const to = new Date(Date.parse(`${addDays(taken.date, 31)}T00:00:00Z`) + 86_400_000);
  let starts: number[] = [Date.parse(taken.start)];
  try {
    if (busy) starts = [...starts, ...(await busy(from, to, a.id))];
  } catch {
    // Without the busy list the visitor still gets slots; a taken one answers 409 again.
  }
  const after = Date.parse(taken.start);
  return nextFreeSlots(now, new Set(starts), 40, a, taken.date)
    .filter((s) => Date.parse(s.start) > after)
    .slice(0, 5);
}
