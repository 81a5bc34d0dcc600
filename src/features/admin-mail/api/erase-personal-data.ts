import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { jsonCount, jsonObject } from "@/lib/json";

export interface ErasureResult {
  submissions: number;
  subscribers: number;
  messages: number;
}

/** Erases everything held about one email address (submissions, subscriber, messages); audited. */
export async function erasePersonalData(supabase: SupabaseClient<Database>, email: string): Promise<ErasureResult> {
  const { data, error } = await supabase.rpc("erase_personal_data", { p_email: email.trim() });
  if (error) throw new Error(error.message);
  const counts = jsonObject(data);
  return { submissions: jsonCount(counts.submissions), subscribers: jsonCount(counts.subscribers), messages: jsonCount(counts.messages) };
}
