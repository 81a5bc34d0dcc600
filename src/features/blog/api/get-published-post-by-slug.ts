/** One published post by its slug and language, or where it lives now (docs/product.md#article). */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, PostLanguage, Tables } from "@/lib/database.types";
import { BLOG_POST_SUMMARY_COLUMNS, type BlogPostSummary, type PostTranslation, listTranslations } from "./list-published-posts";

/** A post as its page shows it: the list's fields, the raw HTML from the editor (sanitise before rendering) and the optional search and share overrides of the title and the excerpt. */
export type BlogPost = BlogPostSummary & Pick<Tables<"blog_posts">, "content" | "meta_title" | "meta_description">;

const BLOG_POST_COLUMNS = `${BLOG_POST_SUMMARY_COLUMNS},content,meta_title,meta_description` as const;

/** Where a post lives: its language's prefix and its current slug. */
export type PostAddress = Pick<Tables<"blog_posts">, "language" | "slug">;

type PostLookup =
  /** The post, and its visible translation in the other language, if any. */
  | { kind: "post"; post: BlogPost; translation: PostAddress | null }
  /** The slug names a post that lives elsewhere: under the other language, or under a newer slug. */
  | { kind: "moved"; to: PostAddress }
  | { kind: "none" };

const validSlug = (slug: string) => slug.length > 0 && slug.length <= 200;

/**
 * The post a visitor asked for at `/{language}/blog/{slug}`:
 * 1. a visible post of that language with that slug;
 * 2. else a visible post of the other language with that slug (wrong prefix) → moved;
 * 3. else a post that had that slug before (its language first) → moved to its current address;
 * 4. else none. Row Level Security decides "visible" (published, and from its publish time on).
 * Throws when a call fails.
 */
export async function findPublishedPost(client: SupabaseClient<Database>, slug: string, language: PostLanguage): Promise<PostLookup> {
  if (!validSlug(slug)) return { kind: "none" };
  const { data, error } = await client.from("blog_posts").select(BLOG_POST_COLUMNS).eq("published", true).eq("slug", slug).limit(2);
  if (error) throw new Error(`Failed to load blog post: ${error.message}`);
  const rows = data ?? [];
  const own = rows.find((p) => p.language === language);
  if (own) {
    const translation = await translationOf(client, own);
    return { kind: "post", post: own, translation };
  }
  const other = rows[0];
  if (other) return { kind: "moved", to: { language: other.language, slug: other.slug } };

  const earlier = await client.from("blog_post_slugs").select("post_id,language").eq("slug", slug).limit(2);
  if (earlier.error) throw new Error(`Failed to look up an earlier slug: ${earlier.error.message}`);
  const history = earlier.data ?? [];
  const match = history.find((h) => h.language === language) ?? history[0];
  if (!match) return { kind: "none" };
  const current = await client.from("blog_posts").select("slug,language").eq("published", true).eq("id", match.post_id).maybeSingle();
  if (current.error) throw new Error(`Failed to load blog post: ${current.error.message}`);
  const to = current.data;
  return to ? { kind: "moved", to } : { kind: "none" };
}

/** The visible post in the other language of the same translation group, if any. */
async function translationOf(client: SupabaseClient<Database>, post: BlogPost): Promise<PostAddress | null> {
  const all: PostTranslation[] = await listTranslations(client, [post.translation_group]);
  const t = all.find((p) => p.language !== post.language);
  return t ? { language: t.language, slug: t.slug } : null;
}
