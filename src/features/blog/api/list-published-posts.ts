/** Published posts, newest first, for the public list and the landing teaser (docs/product.md#blog). */
import type { SupabaseClient } from "@supabase/supabase-js";

export type BlogCountry = "Canada" | "UAE" | "Global";

/** The fields a list or a card reads (docs/product.md#blog), plus updated_at for sitemaps and feeds. */
export interface BlogPostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  country: string;
  read_time: string;
  is_popular: boolean;
  hero_image_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface ListPublishedPostsOptions {
  /** At most this many posts (1 to 500). */
  limit?: number;
  /** Only posts flagged popular. */
  popularOnly?: boolean;
  /** Case-insensitive match on title or excerpt. */
  search?: string;
  country?: "Canada" | "UAE";
}

export const BLOG_POST_SUMMARY_COLUMNS =
  "id,slug,title,excerpt,category,country,read_time,is_popular,hero_image_url,created_at,updated_at";

/** Longest search term we pass on (longer input is cut). */
export const MAX_SEARCH_LENGTH = 100;

/**
 * A search term as an `ilike` pattern that is safe inside a PostgREST `or=(...)` tree: characters
 * that mean something to PostgREST's grammar or to LIKE become `_` (any one character), so the
 * database returns a superset, which `matchesSearch` then narrows to exact matches.
 */
export function searchPattern(term: string): string {
  return `*${term.replace(/[,()"'\\*%_:.]/g, "_")}*`;
}

/** Title or excerpt contains the term, ignoring case. */
export function matchesSearch(post: Pick<BlogPostSummary, "title" | "excerpt">, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return true;
  return post.title.toLocaleLowerCase().includes(needle) || post.excerpt.toLocaleLowerCase().includes(needle);
}

export async function listPublishedPosts(
  client: SupabaseClient,
  opts: ListPublishedPostsOptions = {},
): Promise<BlogPostSummary[]> {
  const search = opts.search?.trim().slice(0, MAX_SEARCH_LENGTH) ?? "";
  let query = client
    .from("blog_posts")
    .select(BLOG_POST_SUMMARY_COLUMNS)
    .eq("published", true)
    .order("created_at", { ascending: false });
  if (opts.popularOnly) query = query.eq("is_popular", true);
  if (opts.country) query = query.eq("country", opts.country);
  if (search) {
    const pattern = searchPattern(search);
    query = query.or(`title.ilike.${pattern},excerpt.ilike.${pattern}`);
  }
  if (opts.limit !== undefined) query = query.limit(Math.min(Math.max(1, Math.floor(opts.limit)), 500));
  const { data, error } = await query;
  if (error) throw new Error(`Failed to load blog posts: ${error.message}`);
  const rows = (data ?? []) as unknown as BlogPostSummary[];
  return search ? rows.filter((p) => matchesSearch(p, search)) : rows;
}
