import type { SupabaseClient } from "@supabase/supabase-js";
import { type AdminPostSummary, SUMMARY_COLUMNS } from "../schemas/post";
import { fail } from "./postgrest-error";

/** Every post, drafts included (RLS: administrators only), newest first. */
export async function listPosts(supabase: SupabaseClient, { limit }: { limit?: number } = {}): Promise<AdminPostSummary[]> {
  let query = supabase.from("blog_posts").select(SUMMARY_COLUMNS).order("created_at", { ascending: false });
  if (limit) query = query.limit(limit);
  const { data, error, status } = await query;
  if (error) fail(error, status);
  return (data ?? []) as unknown as AdminPostSummary[];
}
