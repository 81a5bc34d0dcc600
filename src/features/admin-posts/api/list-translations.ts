import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { PostTranslation } from "../schemas/post";
import { fail } from "./postgrest-error";

export const TRANSLATION_COLUMNS = "id,slug,title,language,published,published_at,translation_group";

/**
 * The translations of the given posts: for each translation group, the post of the other language,
 * keyed by the id of the post it translates.
 */
export async function listTranslations(
  supabase: SupabaseClient<Database>,
  posts: readonly { id: string; translation_group: string }[],
): Promise<Record<string, PostTranslation>> {
  if (posts.length === 0) return {};
  const groups = [...new Set(posts.map((p) => p.translation_group))];
  const { data, error, status } = await supabase.from("blog_posts").select(TRANSLATION_COLUMNS).in("translation_group", groups);
  if (error) fail(error, status);
  const rows = data ?? [];
  const out: Record<string, PostTranslation> = {};
  for (const p of posts) {
    const other = rows.find((r) => r.translation_group === p.translation_group && r.id !== p.id);
    if (other) out[p.id] = other;
  }
  return out;
}
