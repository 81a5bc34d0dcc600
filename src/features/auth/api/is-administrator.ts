import type { SupabaseClient } from "@supabase/supabase-js";
import { toSessionError } from "./auth-errors";

/** Whether the signed-in user is on the administrators list (RLS lets a user see their own entry). */
export async function isAdministrator(supabase: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error, status } = await supabase
    .from("administrators")
    .select("user_id")
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw toSessionError({ message: error.message, status }, "unknown");
  return data !== null;
}
