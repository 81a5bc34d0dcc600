import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { PostLanguage } from "../schemas/post";
import { fail } from "./postgrest-error";

/**
 * Slugs of other posts in `language` that start with `base` (so `base`, `base-2`, …), for uniqueSlug():
 * slugs are unique per language. `exceptId` leaves out the post being edited.
 */
export async function findTakenSlugs(
  supabase: SupabaseClient<Database>,
  base: string,
  language: PostLanguage,
  exceptId?: string,
): Promise<string[]> {
  // like-pattern metacharacters cannot occur in a slug (letters, digits, hyphens), but be safe.
  const pattern = `${base.replace(/[\\%_*]/g, "")}*`;
  let query = supabase.from("blog_posts").select("slug").eq("language", language).like("slug", pattern);
  if (exceptId) query = query.neq("id", exceptId);
  const { data, error, status } = await query;
  if (error) fail(error, status);
  return (data ?? []).map((r) => r.slug);
}
