import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, Json } from "@/lib/database.types";
import { type PostAutosave, type PostFormFields, type PostLanguage, fieldsFromJson } from "../schemas/post";
import { fail } from "./postgrest-error";

/**
 * The editor's autosave of a stored post (docs/admin-posts.md#never-lost): one row per post and author in
 * public.post_autosaves, never in the post itself (a published post's article stays as it was saved).
 */
export async function storeAutosave(
  supabase: SupabaseClient<Database>,
  postId: string,
  fields: PostFormFields,
  baseVersion: number,
): Promise<string> {
  const { data, error, status } = await supabase
    .from("post_autosaves")
    .upsert({ post_id: postId, base_version: baseVersion, fields: fields as unknown as Json }, { onConflict: "post_id,author_id" })
    .select("saved_at")
    .single();
  if (error) fail(error, status);
  return data.saved_at;
}

/** The signed-in author's autosave of a post, if any. */
export async function getAutosave(
  supabase: SupabaseClient<Database>,
  postId: string,
  language: PostLanguage,
): Promise<PostAutosave | null> {
  const { data, error, status } = await supabase
    .from("post_autosaves")
    .select("fields, base_version, saved_at")
    .eq("post_id", postId)
    .maybeSingle();
  if (error) fail(error, status);
  const fields = data ? fieldsFromJson(data.fields, language) : null;
  return data && fields ? { fields, base_version: data.base_version, saved_at: data.saved_at } : null;
}

/** Discards the signed-in author's autosave of a post. */
export async function discardAutosave(supabase: SupabaseClient<Database>, postId: string): Promise<void> {
  const { error, status } = await supabase.from("post_autosaves").delete().eq("post_id", postId);
  if (error) fail(error, status);
}
