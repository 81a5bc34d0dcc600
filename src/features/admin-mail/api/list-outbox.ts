import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, MailOutboxRow } from "@/lib/database.types";

const OUTBOX_LIMIT = 200;
const OUTBOX_COLUMNS =
  "id, kind, channel, submission_id, recipient, locale, status, attempts, max_attempts, next_attempt_at, last_error, subject, text_body, html_body, response, created_at, sent_at";
export type OutboxEntry = Omit<MailOutboxRow, "data" | "locked_until" | "updated_at">;

/** The newest messages and webhook deliveries (RLS: administrators only). */
export async function listOutbox(supabase: SupabaseClient<Database>): Promise<OutboxEntry[]> {
  const { data, error } = await supabase
    .from("mail_outbox")
    .select(OUTBOX_COLUMNS)
    .order("created_at", { ascending: false })
    .limit(OUTBOX_LIMIT);
  if (error) throw new Error(error.message);
  return data ?? [];
}
