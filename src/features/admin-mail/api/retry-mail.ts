import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

/** Sends a failed or waiting message again now, with a fresh count of tries (audited). */
export async function retryMail(supabase: SupabaseClient<Database>, id: string): Promise<void> {
  const { error } = await supabase.rpc("retry_mail", { p_id: id });
  if (error) throw new Error(error.message);
}
