import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, MailAttempt } from "@/lib/database.types";

/** The delivery log of one message: every try, newest first. */
export async function listAttempts(supabase: SupabaseClient<Database>, outboxId: string): Promise<MailAttempt[]> {
  const { data, error } = await supabase
    .from("mail_attempts")
    .select("*")
    .eq("outbox_id", outboxId)
    .order("attempted_at", { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  return data ?? [];
}
