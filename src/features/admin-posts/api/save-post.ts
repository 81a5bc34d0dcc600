import type { SupabaseClient } from "@supabase/supabase-js";
import { FALLBACK_SLUG, slugify, uniqueSlug } from "@/lib/slug";
import type { AdminPost, PostFormValues } from "../schemas/post";
import { createPost } from "./create-post";
import { findTakenSlugs } from "./find-taken-slugs";
import { PostgrestFailure } from "./postgrest-error";
import { updatePost } from "./update-post";

/**
 * Creates or updates a post. The slug follows the title (docs/product.md#admin-posts, Unicode letters kept) and is made
 * unique with -2, -3, …; a post whose title did not change keeps its slug, so its links keep working.
 * A slug taken between the check and the write (23505) is retried once.
 */
export async function savePost(supabase: SupabaseClient, id: string | null, previous: AdminPost | null, values: PostFormValues): Promise<AdminPost> {
  const clean: PostFormValues = { ...values, title: values.title.trim(), excerpt: values.excerpt.trim(), read_time: values.read_time.trim() };
  const keepSlug = previous && previous.title.trim() === clean.title;
  for (let attempt = 0; ; attempt++) {
    const slug = keepSlug
      ? previous.slug
      : uniqueSlug(clean.title, await findTakenSlugs(supabase, slugify(clean.title) || FALLBACK_SLUG, id ?? undefined));
    try {
      return id ? await updatePost(supabase, id, { ...clean, slug }) : await createPost(supabase, { ...clean, slug });
    } catch (error) {
      if (attempt === 0 && !keepSlug && error instanceof PostgrestFailure && error.code === "23505") continue;
      throw error;
    }
  }
}
