import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AdminPost } from "../schemas/post";
import type { PostInput } from "./create-post";
import { fail } from "./postgrest-error";

/**
 * Updates a post by id, setting updated_at to now (the database keeps it honest too), and returns it.
 * `version` is the stored version the changes were based on: the database refuses the update (PT409,
 * HTTP 409) when the post was saved since (docs/admin-posts.md#never-lost).
 */
export async function updatePost(
  supabase: SupabaseClient<Database>,
  id: string,
  input: Partial<PostInput>,
  version?: number,
): Promise<AdminPost> {
  const { data, error, status } = await supabase
    .from("blog_posts")
    .update({ ...input, ...(version === undefined ? {} : { version }), updated_at: new Date().toISOString() })
    .eq("id", id)
    .select()
    .single();
  if (error) fail(error, status);
  return data as AdminPost;
}
