import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AdminPost, PostFormValues } from "../schemas/post";
import { fail } from "./postgrest-error";

/** A row to insert: the form's values, and optionally the translation group to join. */
export type PostInput = PostFormValues & { translation_group?: string };

/** Inserts a post and returns it. */
export async function createPost(supabase: SupabaseClient<Database>, input: PostInput): Promise<AdminPost> {
  const { data, error, status } = await supabase.from("blog_posts").insert(input).select().single();
  if (error) fail(error, status);
  return data as AdminPost;
}
