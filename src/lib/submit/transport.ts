/**
 * Sends one submission to the `submit-form` function (`POST /functions/v1/submit-form`) and
 * classifies the answer for the outbox:
 * - 2xx → stored;
 * - 400 / 413 / 415 / 422 → rejected, with the field errors of the 400 body (`fields: {"payload.email": …}`);
 * - 409 → rejected: the demo slot was booked by someone else a moment ago; the body's `nextSlots` are
 *   free ones to offer instead (docs/product.md#booking); `stored: true` when the server kept the details
 *   anyway (a booking sent after queueing, docs/product.md#submit), with the lost `requested` slot;
 * - anything else (network failure, 404 while the function is not deployed yet, 401/403 while keys
 *   rotate, 408, 429, 5xx) → retry later, honouring Retry-After.
 */
import { supabaseConfig } from "@/lib/supabase/config";
import type { Envelope, FreeSlot, Transport, TransportResult } from "./outbox";

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
export const functionTransport: Transport = async (envelope: Envelope) => {
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
