/** One published post by its slug, or null (docs/product.md#article). */
import type { SupabaseClient } from "@supabase/supabase-js";
import { BLOG_POST_SUMMARY_COLUMNS, type BlogPostSummary } from "./list-published-posts";

export interface BlogPost extends BlogPostSummary {
  /** Raw HTML from the editor: sanitise before rendering. */
  content: string;
}

/** Returns null when no published post has this slug. Throws when the call fails. */
export async function getPublishedPostBySlug(client: SupabaseClient, slug: string): Promise<BlogPost | null> {
  if (!slug || slug.length > 200) return null;
  const { data, error } = await client
    .from("blog_posts")
    .select(`${BLOG_POST_SUMMARY_COLUMNS},content`)
    .eq("published", true)
    .eq("slug", slug)
    .maybeSingle();
  if (error) throw new Error(`Failed to load blog post: ${error.message}`);
  return (data as unknown as BlogPost | null) ?? null;
}
