/**
 * Supabase Edge Function `submit-form` (Deno). The same handler as the embedded server
 * (../_shared/submit-form-handler.ts), storing with a service-role client.
 *
 * Deploy: npx supabase functions deploy submit-form --use-api   (see docs/backend.md)
 * Optional secret: supabase secrets set SUBMIT_RATE_LIMIT=10/60
 */
import { createClient } from "npm:@supabase/supabase-js@2.119.1";
import { handleSubmitForm, type SubmissionRow, type StoreOutcome } from "../_shared/submit-form-handler.ts";
import { RateLimiter, parseRateLimit } from "../_shared/domain/rate-limit.ts";
import { MARKET_COLUMNS, marketFromRow } from "../_shared/domain/booking/markets.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!, {
  auth: { persistSession: false, autoRefreshToken: false },
});

// Per-instance limiter (Edge Function instances are short-lived; this bounds bursts per isolate). The
// same limiter as the embedded server (server/api/rate-limit.ts, no Node-only imports).
const limiter = new RateLimiter(
  parseRateLimit(Deno.env.get("SUBMIT_RATE_LIMIT"), { limit: 10, windowSeconds: 60 }) ?? { limit: 1e9, windowSeconds: 1 },
);
const rateLimit = (key: string) => limiter.hit(key);

/** The markets' booking calendars (public.markets, readable by anyone), read for every request: an owner's change applies at once. */
async function markets() {
  const { data, error } = await supabase.from("markets").select(MARKET_COLUMNS).order("position").order("id");
  if (error) throw new Error(`markets failed: ${error.code} ${error.message}`);
  return (data ?? []).map(marketFromRow);
}

async function busy(from: Date, to: Date, market: string): Promise<number[]> {
  const { data, error } = await supabase.rpc("booking_busy", { p_from: from.toISOString(), p_to: to.toISOString(), p_market: market });
  if (error) throw new Error(`booking_busy failed: ${error.code} ${error.message}`);
  return (data ?? []).map((s: string) => Date.parse(s));
}

/**
 * Stores the submission, then where the visit came from (public.submission_attribute: the submission,
 * its lead's first and latest touch, its subscriber). A second call here (the embedded server does both
 * in one transaction): when it fails the submission stays stored, without its source, and it is logged.
 */
async function store(row: SubmissionRow): Promise<StoreOutcome> {
  const { attribution, ...rest } = row;
  const outcome = await storeSubmission(rest);
  if (attribution && (outcome === "created" || outcome === "slot_lost")) {
    const { error } = await supabase.rpc("submission_attribute", { p_submission_id: row.submission_id, p_attribution: attribution });
    if (error) console.error(`submission_attribute failed: ${error.code} ${error.message}`);
  }
  return outcome;
}

async function storeSubmission(row: SubmissionRow): Promise<StoreOutcome> {
  if (row.form_type === "demo_booking" && row.starts_at && row.queued_at && row.lost_reason) {
    // Its time had passed on arrival: kept as a lead without a booking.
    const { data, error } = await supabase.rpc("keep_lead_without_booking", {
      p_submission_id: row.submission_id,
      p_payload: row.payload,
      p_page_path: row.page_path,
      p_locale: row.locale,
      p_time_zone: row.time_zone,
      p_user_agent: row.user_agent,
      p_client_ip: row.client_ip,
      p_requested_start: row.starts_at,
      p_queued_at: row.queued_at,
      p_reason: row.lost_reason,
    });
    if (!error) return data as StoreOutcome;
    throw new Error(`store failed: ${error.code} ${error.message}`);
  }
  if (row.form_type === "demo_booking" && row.starts_at && row.queued_at) {
    // Sent after queueing: booked, or kept as a lead when the slot was taken meanwhile ('slot_lost').
    const { data, error } = await supabase.rpc("book_demo_or_keep_lead", {
      p_submission_id: row.submission_id,
      p_payload: row.payload,
      p_page_path: row.page_path,
      p_locale: row.locale,
      p_time_zone: row.time_zone,
      p_user_agent: row.user_agent,
      p_client_ip: row.client_ip,
      p_starts_at: row.starts_at,
      p_queued_at: row.queued_at,
      p_market: row.market ?? (typeof row.payload.market === "string" && row.payload.market ? row.payload.market : null),
    });
    if (!error) return data as StoreOutcome;
    throw new Error(`store failed: ${error.code} ${error.message}`);
  }
  if (row.form_type === "demo_booking" && row.starts_at) {
    // The submission and its slot in one transaction; a taken slot is the unique violation of bookings_confirmed_slot_key.
    const { data, error } = await supabase.rpc("book_demo", {
      p_submission_id: row.submission_id,
      p_payload: row.payload,
      p_page_path: row.page_path,
      p_locale: row.locale,
      p_time_zone: row.time_zone,
      p_user_agent: row.user_agent,
      p_client_ip: row.client_ip,
      p_starts_at: row.starts_at,
      p_market: row.market ?? null,
    });
    if (!error) return data as StoreOutcome;
    if (error.code === "23505" && /bookings_confirmed_slot_key/.test(`${error.message} ${error.details ?? ""}`)) return "slot_taken";
    throw new Error(`store failed: ${error.code} ${error.message}`);
  }
  const { starts_at: _unused, queued_at: _queued, ...plain } = row;
  const { error } = await supabase.from("form_submissions").insert(plain);
  if (!error) return "created";
  if (error.code !== "23505") throw new Error(`store failed: ${error.code} ${error.message}`);
  const { data } = await supabase.from("form_submissions").select("id").eq("submission_id", row.submission_id).maybeSingle();
  return data ? "replayed" : "merged";
}

/**
 * Supabase does not document which forwarding header its gateway overwrites; the right-most
 * X-Forwarded-For entry is the one added by the last proxy (a client can only prepend). Anything that
 * is not an IP address counts under one shared key: it never switches the limit off and never reaches
 * the `inet` column.
 */
function clientIpOf(req: Request): string | null {
  const entries = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const last = entries[entries.length - 1] ?? "";
  const v4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
  const v6 = /^[0-9a-fA-F:]{2,39}$/;
  return v4.test(last) || (v6.test(last) && last.includes(":")) ? last : null;
}

Deno.serve(async (req: Request) => {
  try {
    const ip = clientIpOf(req);
    return await handleSubmitForm(req, {
      store,
      busy,
      markets,
      rateLimit,
      clientIp: ip,
      rateLimitKey: ip ?? "unknown",
      log: console.log,
    });
  } catch (e) {
    console.error(e);
    return new Response(JSON.stringify({ error: "internal", message: "The submission could not be stored" }), {
      status: 500,
      headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" },
    });
  }
});
