/**
 * The one submit helper every visitor form uses (docs/product.md#submit): builds the envelope, keeps it
 * in the page's outbox (outbox.ts) until it is stored, and posts it to submit-form (`functionTransport`, below).
 *
 *   const r = await submitForm("sales_lead", payload, { path: "/contact", locale: "en" });
 *   r.status: "sent" (stored) | "queued" (safe in the outbox, will be retried) | "rejected" (fix the fields)
 */
import { readVisitAttribution } from "@/lib/attribution/attribution";
import type { FormType } from "@/lib/forms/schemas";
import type { Locale } from "@/lib/i18n/locale";
import { supabaseConfig } from "@/lib/supabase/config";
import { type Envelope, type FreeSlot, Outbox, type SendOutcome, type Transport, type TransportResult } from "./outbox";

let outbox: Outbox | null = null;
let started = false;

function browserStorage() {
  try {
    const s = window.localStorage;
    const probe = "wasla.probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/** The page's outbox (created on first use, in the browser only). */
export function getOutbox(): Outbox {
  if (!outbox) {
    outbox = new Outbox({
      transport: functionTransport,
      storage: typeof window === "undefined" ? null : browserStorage(),
      log: (msg, extra) => console.warn(msg, extra),
    });
  }
  return outbox;
}

/**
 * Starts delivering what earlier visits left in the outbox, and retries on reconnect and when the tab
 * comes back. Call once from the page layout, in an effect. Returns a cleanup.
 */
export function startOutbox(): () => void {
  if (typeof window === "undefined" || started) return () => undefined;
  started = true;
  const box = getOutbox();
  const retryNow = () => void box.flush(true);
  const onVisible = () => {
    if (document.visibilityState === "visible") void box.flush();
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith("wasla.outbox")) box.schedule();
  };
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("storage", onStorage);
  if (box.pending) void box.flush(true);
  return () => {
    started = false;
    window.removeEventListener("online", retryNow);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("storage", onStorage);
  };
}

function visitorTimeZone(): string | undefined {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return tz && /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$|^UTC$/.test(tz) && tz.length <= 64 ? tz : undefined;
  } catch {
    return undefined;
  }
}

function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // RFC 4122 v4 from getRandomValues (older Safari).
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface SubmitOptions {
  /** The page the visitor submitted from, without query ("/en/contact"). */
  path: string;
  locale: Locale;
  /** The honeypot field's value (people leave it empty). */
  website?: string;
}

export type SubmitResult = SendOutcome;

export function submitForm(formType: FormType, payload: Record<string, unknown>, opts: SubmitOptions): Promise<SubmitResult> {
  const attribution = readVisitAttribution();
  const envelope: Envelope = {
    formType,
    payload,
    path: opts.path.startsWith("/") ? opts.path.slice(0, 500) : `/${opts.path}`.slice(0, 500),
    locale: opts.locale,
    timeZone: visitorTimeZone(),
    submissionId: newId(),
    ...(opts.website ? { website: opts.website } : {}),
    ...(attribution ? { attribution } : {}),
  };
  return getOutbox().submit(envelope);
}

/*
 * The transport: sends one submission to the `submit-form` function (`POST /functions/v1/submit-form`) and
 * classifies the answer for the outbox:
 * - 2xx → stored;
 * - 400 / 413 / 415 / 422 → rejected, with the field errors of the 400 body (`fields: {"payload.email": …}`);
 * - 409 → rejected: the demo slot was booked by someone else a moment ago; the body's `nextSlots` are
 *   free ones to offer instead (docs/product.md#booking); `stored: true` when the server kept the details
 *   anyway (a booking sent after queueing, docs/product.md#submit), with the lost `requested` slot;
 * - anything else (network failure, 404 while the function is not deployed yet, 401/403 while keys
 *   rotate, 408, 429, 5xx) → retry later, honouring Retry-After.
 */

const isSlot = (s: unknown): s is FreeSlot =>
  typeof s === "object" &&
  s !== null &&
  /^\d{4}-\d{2}-\d{2}$/.test(String((s as FreeSlot).date)) &&
  /^\d{2}:\d{2}$/.test(String((s as FreeSlot).time)) &&
  typeof (s as FreeSlot).start === "string";

function slotsFromBody(body: unknown): FreeSlot[] | undefined {
  const list = (body as { nextSlots?: unknown } | null)?.nextSlots;
  if (!Array.isArray(list)) return undefined;
  return list.filter(isSlot);
}

/** What a 409 adds: whether the server kept the details, the lost slot, the business clock. */
function conflictFromBody(body: unknown) {
  const b = (body ?? {}) as { stored?: unknown; requested?: unknown; timeZone?: unknown; reason?: unknown };
  return {
    nextSlots: slotsFromBody(body) ?? [],
    ...(b.stored === true ? { stored: true } : {}),
    ...(b.stored === true && b.reason === "slot_passed" ? { passed: true } : {}),
    ...(isSlot(b.requested) ? { requested: b.requested } : {}),
    ...(typeof b.timeZone === "string" && b.timeZone.length <= 64 ? { timeZone: b.timeZone } : {}),
  };
}

const REJECT_STATUSES = new Set([400, 409, 413, 415, 422]);

/** Turns the body of a 400 into `{ email: "…" }` (strips the "payload." prefix). */
export function fieldsFromBody(body: unknown): Record<string, string> {
  const fields = (body as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== "object") return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof v === "string") out[k.replace(/^payload\./, "")] = v;
  }
  return out;
}

function retryAfterMs(res: Response): number | undefined {
  const h = res.headers.get("retry-after");
  if (!h) return undefined;
  const s = Number(h);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(h);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** Classifies a non-2xx answer. */
export async function classifyResponse(res: Response): Promise<TransportResult> {
  if (res.status >= 200 && res.status < 300) return { kind: "stored" };
  if (REJECT_STATUSES.has(res.status)) {
    let body: unknown = null;
    try {
      body = await res.clone().json();
    } catch {
      /* not JSON */
    }
    const message = (body as { message?: unknown } | null)?.message;
    return {
      kind: "rejected",
      status: res.status,
      message: typeof message === "string" ? message : `HTTP ${res.status}`,
      fields: fieldsFromBody(body),
      ...(res.status === 409 ? conflictFromBody(body) : {}),
    };
  }
  return { kind: "retry", reason: `HTTP ${res.status}`, retryAfterMs: retryAfterMs(res) };
}

/**
 * Posts the envelope with `fetch` itself: the function needs nothing of supabase-js but the two key
 * headers it would add, and a form must still go out when the visitor's connection dropped before
 * the page ever loaded supabase-js (a module that failed to load stays failed until the page reloads).
 */
const functionTransport: Transport = async (envelope: Envelope) => {
  const { url, anonKey } = supabaseConfig();
  let res: Response;
  try {
    res = await fetch(`${url}/functions/v1/submit-form`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: anonKey, authorization: `Bearer ${anonKey}` },
      body: JSON.stringify(envelope),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    // No answer (offline, refused, timed out): try again later.
    return { kind: "retry", reason: e instanceof Error ? e.message : "network error" };
  }
  return classifyResponse(res);
};
