import type { SupabaseClient } from "@supabase/supabase-js";
import type { AdminPost, PostFormValues } from "../schemas/post";
import { fail } from "./postgrest-error";

export type PostInput = PostFormValues & { slug: string };

/** Inserts a post and returns it. */
export async function createPost(supabase: SupabaseClient, input: PostInput): Promise<AdminPost> {
  const { data, error, status } = await supabase.from("blog_posts").insert(input).select().single();
  if (error) fail(error, status);
  return data as AdminPost;
}
