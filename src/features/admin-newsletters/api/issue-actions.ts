import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

/** Confirmed subscribers of a language: who an issue would reach now. */
export async function audienceOf(supabase: SupabaseClient<Database>, language: "ar" | "en"): Promise<number> {
  const { data, error } = await supabase.rpc("newsletter_audience", { p_language: language });
  if (error) throw new Error(error.message);
  return data ?? 0;
}

/** Sends a draft now (`at` null) or at a time; answers how many subscribers it reaches now. */
export async function scheduleIssue(supabase: SupabaseClient<Database>, id: string, at: Date | null): Promise<number> {
  const { data, error } = await supabase.rpc("schedule_newsletter_issue", at ? { p_id: id, p_at: at.toISOString() } : { p_id: id });
  if (error) throw new Error(error.message);
  return data ?? 0;
}

/** A scheduled issue goes back to draft; one that is sending stops. */
export async function cancelIssue(supabase: SupabaseClient<Database>, id: string): Promise<void> {
  const { error } = await supabase.rpc("cancel_newsletter_issue", { p_id: id });
  if (error) throw new Error(error.message);
}

/** Sends the issue to the signed-in member's own address; answers that address. */
export async function sendTest(supabase: SupabaseClient<Database>, id: string): Promise<string> {
  const { data, error } = await supabase.rpc("send_newsletter_test", { p_id: id });
  if (error) throw new Error(error.message);
  return data ?? "";
}
