/** A Supabase client for loaders (server only): anonymous, no session, RLS applies. */
import { type SupabaseClient, createClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { ServerContext } from "./load-context";

/** Against hosted Supabase a loader waits at most this long for the network. */
const NETWORK_TIMEOUT_MS = 5000;

const networkFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(NETWORK_TIMEOUT_MS) });

export function serverSupabase(server: ServerContext | undefined): SupabaseClient<Database> {
  if (!server) throw new Error("serverSupabase needs the server load context");
  return createClient<Database>(server.supabaseUrl, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // The embedded API is called in-process (server/site/in-process-fetch.ts): no socket, nothing to time out.
    global: { fetch: server.fetch ?? networkFetch },
  });
}
