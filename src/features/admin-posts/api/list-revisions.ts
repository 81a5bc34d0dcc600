import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { PostRevisionSummary } from "../schemas/post";
import { fail } from "./postgrest-error";

/** How many revisions the history lists (newest first). */
const REVISIONS_LISTED = 50;

/** A post's stored states, newest first: who saved each and when (docs/admin-posts.md#never-lost). */
export async function listRevisions(supabase: SupabaseClient<Database>, postId: string): Promise<PostRevisionSummary[]> {
  const { data, error, status } = await supabase
    .from("post_revisions")
    .select("id, version, author_email, created_at, title")
    .eq("post_id", postId)
    .order("version", { ascending: false })
    .limit(REVISIONS_LISTED);
  if (error) fail(error, status);
  return data ?? [];
}
