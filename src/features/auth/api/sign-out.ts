import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

/**
 * POST /auth/v1/logout. `local` only forgets this browser's session (used when the account turns out
 * not to be an administrator, or the server cannot be reached).
 */
export async function signOut(supabase: SupabaseClient<Database>, scope: "global" | "local" = "global"): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope });
  if (error) throw error;
}
