import type { SupabaseClient } from "@supabase/supabase-js";

/** Sends a failed or waiting message again now, with a fresh count of tries (audited). */
export async function retryMail(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.rpc("retry_mail", { p_id: id });
  if (error) throw new Error(error.message);
}
