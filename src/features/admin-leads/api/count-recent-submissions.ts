import type { SupabaseClient } from "@supabase/supabase-js";

/** Head count of submissions received since `since` (no rows are loaded). */
export async function countRecentSubmissions(supabase: SupabaseClient, since: Date): Promise<number> {
  const { count, error } = await supabase
    .from("form_submissions")
    .select("*", { count: "exact", head: true })
    .gte("created_at", since.toISOString());
  if (error) throw new Error(error.message);
  return count ?? 0;
}
