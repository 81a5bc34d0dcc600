/**
 * Server-side (route loaders): confirms a subscription or unsubscribes, from the signed token in a
 * newsletter link, through the `newsletter` function (server/mail/newsletter.ts). Called with the
 * loaders' supabase-js client, so it reaches the embedded API in-process or hosted Supabase alike.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

export type NewsletterLinkStatus = "confirmed" | "unsubscribed" | "invalid" | "expired" | "error";

const known = (status: unknown): status is Exclude<NewsletterLinkStatus, "error"> =>
  status === "confirmed" || status === "unsubscribed" || status === "invalid" || status === "expired";

export async function applyNewsletterLink(
  supabase: SupabaseClient<Database>,
  action: "confirm" | "unsubscribe",
  token: string | null,
): Promise<NewsletterLinkStatus> {
  if (!token) return "invalid";
  try {
    const { data, error } = await supabase.functions.invoke<{ status?: string }>("newsletter", { body: { action, token } });
    // An invalid or expired link is a 400 whose body still says which.
    const body = error ? await (error as { context?: Response }).context?.json?.().catch(() => null) : data;
    const status = (body as { status?: unknown } | null)?.status;
    return known(status) ? status : "error";
  } catch {
    return "error";
  }
}
