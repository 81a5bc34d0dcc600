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

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!, {
  auth: { persistSession: false, autoRefreshToken: false },
});

// Per-instance limiter (Edge Function instances are short-lived; this bounds bursts per isolate).
const [limit, windowSeconds] = (Deno.env.get("SUBMIT_RATE_LIMIT") ?? "10/60").split("/").map(Number);
const hits = new Map<string, { count: number; resetAt: number }>();
function rateLimit(ip: string) {
  const now = Date.now();
  let e = hits.get(ip);
  if (!e || e.resetAt <= now) {
    if (hits.size > 10_000) hits.clear();
    e = { count: 0, resetAt: now + (windowSeconds || 60) * 1000 };
    hits.set(ip, e);
  }
  e.count++;
  return e.count > (limit || 10) ? { ok: false as const, retryAfter: Math.ceil((e.resetAt - now) / 1000) } : { ok: true as const };
}

async function store(row: SubmissionRow): Promise<StoreOutcome> {
  const { error } = await supabase.from("form_submissions").insert(row);
  if (!error) return "created";
  if (error.code !== "23505") throw new Error(`store failed: ${error.code} ${error.message}`);
  const { data } = await supabase.from("form_submissions").select("id").eq("submission_id", row.submission_id).maybeSingle();
  return data ? "replayed" : "merged";
}

function clientIpOf(req: Request): string | null {
  const first = (req.headers.get("x-forwarded-for") ?? "").split(",")[0]?.trim();
  return first && /^[0-9a-fA-F:.]{2,45}$/.test(first) ? first : null;
}

Deno.serve(async (req: Request) => {
  try {
    return await handleSubmitForm(req, { store, rateLimit, clientIp: clientIpOf(req), log: console.log });
  } catch (e) {
    console.error(e);
    return new Response(JSON.stringify({ error: "internal", message: "The submission could not be stored" }), {
      status: 500,
      headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" },
    });
  }
});
