import type { SupabaseClient } from "@supabase/supabase-js";

export interface ErasureResult {
  submissions: number;
  subscribers: number;
  messages: number;
}

/** Erases everything held about one email address (submissions, subscriber, messages); audited. */
export async function erasePersonalData(supabase: SupabaseClient, email: string): Promise<ErasureResult> {
  const { data, error } = await supabase.rpc("erase_personal_data", { p_email: email.trim() });
  if (error) throw new Error(error.message);
  return data as ErasureResult;
}
