/** A Supabase client for loaders (server only): anonymous, no session, RLS applies. */
import { type SupabaseClient, createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import type { ServerContext } from "./load-context";

export function serverSupabase(server: ServerContext | undefined): SupabaseClient {
  if (!server) throw new Error("serverSupabase needs the server load context");
  return createClient(server.supabaseUrl, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(5000) }) },
  });
}
