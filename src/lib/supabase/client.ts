/**
 * The browser's Supabase client, created on first use. supabase-js is loaded on demand, so public
 * pages do not carry it in their initial JavaScript; admin pages and form submissions load it.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { supabaseConfig } from "./config";

let client: Promise<SupabaseClient> | null = null;

export function getSupabase(): Promise<SupabaseClient> {
  if (!client) {
    client = import("@supabase/supabase-js").then(({ createClient }) => {
      const { url, anonKey } = supabaseConfig();
      return createClient(url, anonKey, {
        auth: { persistSession: true, autoRefreshToken: true, storageKey: "wasla-admin-auth" },
      });
    });
  }
  return client;
}

/** Tests and stories can install their own client. */
export function setSupabaseForTesting(c: SupabaseClient | null) {
  client = c ? Promise.resolve(c) : null;
}
