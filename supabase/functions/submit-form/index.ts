/**
 * Supabase Edge Function `submit-form` (Deno). The same handler as the embedded server
 * (../_shared/submit-form-handler.ts), storing with a service-role client.
 *
 * Deploy: npx supabase functions deploy submit-form --use-api   (see docs/backend.md)
 * Optional secret: supabase secrets set SUBMIT_RATE_LIMIT=10/60
 */
// @ts-nocheck -- Deno globals and npm: specifiers; type-checked by `deno check`, not by the Node build.
import { createClient } from "npm:@supabase/supabase-js@2.119.1";
import { handleSubmitForm, type SubmissionRow, type StoreOutcome } from "../_shared/submit-form-handler.ts";
import { RateLimiter, parseRateLimit } from "../../../server/api/rate-limit.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!, {
  auth: { persistSession: false, autoRefreshToken: false },
});

// Per-instance limiter (Edge Function instances are short-lived; this bounds bursts per isolate). The
// same limiter as the embedded server (server/api/rate-limit.ts, no Node-only imports).
const limiter = new RateLimiter(parseRateLimit(Deno.env.get("SUBMIT_RATE_LIMIT"), { limit: 10, windowSeconds: 60 }) ?? { limit: 1e9, windowSeconds: 1 });
const rateLimit = (key: string) => limiter.hit(key);

async function store(row: SubmissionRow): Promise<StoreOutcome> {
  const { error } = await supabase.from("form_submissions").insert(row);
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
  const entries = (req.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const last = entries[entries.length - 1] ?? "";
  const v4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
  const v6 = /^[0-9a-fA-F:]{2,39}$/;
  return v4.test(last) || (v6.test(last) && last.includes(":")) ? last : null;
}

Deno.serve(async (req: Request) => {
  try {
    const ip = clientIpOf(req);
    return await handleSubmitForm(req, { store, rateLimit, clientIp: ip, rateLimitKey: ip ?? "unknown", log: console.log });
  } catch (e) {
    console.error(e);
    return new Response(JSON.stringify({ error: "internal", message: "The submission could not be stored" }), {
      status: 500,
      headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" },
    });
  }
});
