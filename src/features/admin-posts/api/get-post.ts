import type { SupabaseClient } from "@supabase/supabase-js";
import type { AdminPost } from "../schemas/post";
import { fail } from "./postgrest-error";

/** One post by id, for the editor. */
export async function getPost(supabase: SupabaseClient, id: string): Promise<AdminPost> {
  const { data, error, status } = await supabase.from("blog_posts").select("*").eq("id", id).single();
  if (error) fail(error, status);
  return data as AdminPost;
}
