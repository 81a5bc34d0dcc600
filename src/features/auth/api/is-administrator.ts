import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { TeamRole } from "../machines/session.machine";
import { toSessionError } from "./auth-errors";

/** The signed-in user's role on the team, or null when not a member (RLS lets a user see their own entry). */
export async function administratorRole(supabase: SupabaseClient<Database>, userId: string): Promise<TeamRole | null> {
  const { data, error, status } = await supabase
    .from("administrators")
    .select("role")
    .eq("user_id", userId)
    .maybeSingle<{ role: TeamRole }>();
  if (error) throw toSessionError({ message: error.message, status }, "unknown");
  return data?.role ?? null;
}
