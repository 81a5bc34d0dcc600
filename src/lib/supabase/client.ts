/**
 * The browser's Supabase client, created on first use. supabase-js is loaded on demand, so public
 * pages do not carry it in their initial JavaScript; admin pages and form submissions load it.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { supabaseConfig } from "./config";

let client: Promise<SupabaseClient<Database>> | null = null;
let lastRetryAfter: { at: number; seconds: number } | null = null;

/**
 * supabase-js keeps a 429's status and code but not its headers: this fetch remembers the server's
 * Retry-After so the sign-in form can say how long the pause lasts.
 */
export const retryAwareFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (res.status === 429) {
    const seconds = Number(res.headers.get("Retry-After"));
    lastRetryAfter = Number.isFinite(seconds) && seconds > 0 ? { at: Date.now(), seconds } : null;
  }
  return res;
};

/** Seconds left of the last Retry-After the server sent (read right after a 429), or null. */
export function retryAfterSeconds(now = Date.now()): number | null {
  if (!lastRetryAfter) return null;
  const left = lastRetryAfter.seconds - Math.floor(Math.max(0, now - lastRetryAfter.at) / 1000);
  return left > 0 ? left : null;
}

export function getSupabase(): Promise<SupabaseClient<Database>> {
  if (!client) {
    client = import("@supabase/supabase-js").then(({ createClient }) => {
      const { url, anonKey } = supabaseConfig();
      return createClient<Database>(url, anonKey, {
        auth: { persistSession: true, autoRefreshToken: true, storageKey: "wasla-admin-auth" },
        global: { fetch: retryAwareFetch },
      });
    });
    // A load that failed (offline) is tried again on the next call, not kept.
    client.catch(() => {
      client = null;
    });
  }
  return client;
}

/** Tests and stories can install their own client. */
export function setSupabaseForTesting(c: SupabaseClient<Database> | null) {
  client = c ? Promise.resolve(c) : null;
}
