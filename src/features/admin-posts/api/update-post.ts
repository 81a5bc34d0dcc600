import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AdminPost } from "../schemas/post";
import type { PostInput } from "./create-post";
import { fail } from "./postgrest-error";

/** Updates a post by id, setting updated_at to now (the database keeps it honest too), and returns it. */
export async function updatePost(supabase: SupabaseClient<Database>, id: string, input: Partial<PostInput>): Promise<AdminPost> {
  const { data, error, status } = await supabase
    .from("blog_posts")
    .update({ ...input, updated_at: new Date().toISOString() })
    .eq("id", id)
    .select()
    .single();
  if (error) fail(error, status);
  return data as AdminPost;
}
