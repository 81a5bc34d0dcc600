import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AdminPost, LoadedPost, PostTranslation } from "../schemas/post";
import { getAutosave } from "./autosave";
import { fail } from "./postgrest-error";
import { TRANSLATION_COLUMNS } from "./list-translations";

/** One post by id, with its translation and the signed-in author's autosave of it, for the editor. */
export async function getPost(supabase: SupabaseClient<Database>, id: string): Promise<LoadedPost> {
  const { data, error, status } = await supabase.from("blog_posts").select("*").eq("id", id).single();
  if (error) fail(error, status);
  const post = data as AdminPost;
  const other = await supabase
    .from("blog_posts")
    .select(TRANSLATION_COLUMNS)
    .eq("translation_group", post.translation_group)
    .neq("id", post.id)
    .limit(1);
  if (other.error) fail(other.error, other.status);
  const autosave = await getAutosave(supabase, post.id, post.language);
  return { post, translation: ((other.data ?? [])[0] as PostTranslation | undefined) ?? null, autosave };
}
