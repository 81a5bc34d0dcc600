import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { FALLBACK_SLUG, slugify, uniqueSlug } from "@/lib/slug";
import { type AdminPost, otherLanguage } from "../schemas/post";
import { createPost } from "./create-post";
import { findTakenSlugs } from "./find-taken-slugs";
import { isSlugCollision } from "./save-post";

/**
 * "Translate" (docs/admin-posts.md#translations): a draft in the other language, in the same
 * translation group, carrying over what does not depend on the language (category, country, hero
 * image and its description, popular flag, read time) and the title, excerpt and content as a
 * starting point to translate. Its slug is derived from the title and free in the new language.
 * The database refuses a second post of one language in a group (unique translation_group,
 * language), so two clicks cannot make two translations.
 */
export async function createTranslation(supabase: SupabaseClient<Database>, source: AdminPost): Promise<AdminPost> {
  const language = otherLanguage(source.language);
  const base = slugify(source.slug) || slugify(source.title) || FALLBACK_SLUG;
  for (let attempt = 0; ; attempt++) {
    const slug = uniqueSlug(base, await findTakenSlugs(supabase, base, language));
    try {
      return await createPost(supabase, {
        translation_group: source.translation_group,
        language,
        slug,
        title: source.title,
        excerpt: source.excerpt,
        content: source.content,
        category: source.category,
        country: source.country,
        read_time: source.read_time,
        is_popular: source.is_popular,
        hero_image_url: source.hero_image_url,
        hero_image_alt: source.hero_image_alt,
        meta_title: null,
        meta_description: null,
        published: false,
        published_at: null,
      });
    } catch (error) {
      if (attempt > 0 || !isSlugCollision(error)) throw error;
    }
  }
}
