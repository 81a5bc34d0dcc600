import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { fail } from "./postgrest-error";

/** A head count (no rows are loaded): all posts, or only published / only drafts. */
export async function countPosts(supabase: SupabaseClient<Database>, { published }: { published?: boolean } = {}): Promise<number> {
  let query = supabase.from("blog_posts").select("*", { count: "exact", head: true });
  if (published !== undefined) query = query.eq("published", published);
  const { count, error, status } = await query;
  if (error) fail(error, status);
  return count ?? 0;
}
