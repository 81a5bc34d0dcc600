/**
 * Server-side (route loaders): confirms a subscription or unsubscribes, from the signed token in a
 * newsletter link, through the server's newsletter endpoint (server/mail/newsletter.ts).
 */
export type NewsletterLinkStatus = "confirmed" | "unsubscribed" | "invalid" | "expired" | "error";

export async function applyNewsletterLink(
  server: { supabaseUrl: string; anonKey: string; fetch?: typeof fetch },
  action: "confirm" | "unsubscribe",
  token: string | null,
  fetchImpl: typeof fetch = server.fetch ?? fetch,
): Promise<NewsletterLinkStatus> {
  // The embedded API is reached in-process (the server context's fetch), hosted Supabase over the network.
  if (!token) return "invalid";
  try {
    const res = await fetchImpl(`${server.supabaseUrl}/functions/v1/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json", apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` },
      body: JSON.stringify({ action, token }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { status?: string };
    if (body.status === "confirmed" || body.status === "unsubscribed" || body.status === "invalid" || body.status === "expired") return body.status;
    return "error";
  } catch {
    return "error";
  }
}
