import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, NewsletterSubscriber } from "@/lib/database.types";

/** Newsletter subscribers, newest first, every status. */
export async function listSubscribers(supabase: SupabaseClient<Database>): Promise<NewsletterSubscriber[]> {
  const { data, error } = await supabase.from("newsletter_subscribers").select("*").order("created_at", { ascending: false }).limit(1000);
  if (error) throw new Error(error.message);
  return data ?? [];
}
