import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { Session } from "../machines/session.machine";
import { toSessionError } from "./auth-errors";
import { toSession } from "./to-session";

/** The session stored by the client (refreshed by it first when it is about to expire). */
export async function getSession(supabase: SupabaseClient<Database>): Promise<Session | null> {
  const { data, error } = await supabase.auth.getSession();
  if (error) throw toSessionError(error, "expired");
  return data.session ? toSession(data.session) : null;
}
