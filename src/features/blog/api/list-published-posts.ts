/**
 * Published posts, newest first, for the public list and the landing teaser (docs/product.md#blog).
 * "Published" is decided by Row Level Security: the anonymous client sees a post only from its publish
 * time on (scheduled posts appear on their own); `published=true` here only keeps an administrator's
 * client to the same rows.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { BlogCountry, Database, PostLanguage, Tables } from "@/lib/database.types";
import { searchPattern } from "@/lib/supabase/search-pattern";

export const BLOG_POST_SUMMARY_COLUMNS =
  "id,slug,title,excerpt,category,country,read_time,is_popular,hero_image_url,hero_image_alt,language,translation_group,published_at,created_at,updated_at";

/**
 * The fields a list or a card reads (docs/product.md#blog), plus updated_at for sitemaps and feeds:
 * `hero_image_alt` describes the hero image (required by the database whenever there is one); a post
 * lives only under its `language`'s prefix; translations share a `translation_group`; `published_at`
 * is when it went (or goes) live, the date shown and the order of lists.
 */
export type BlogPostSummary = Pick<
  Tables<"blog_posts">,
  | "id"
  | "slug"
  | "title"
  | "excerpt"
  | "category"
  | "country"
  | "read_time"
  | "is_popular"
  | "hero_image_url"
  | "hero_image_alt"
  | "language"
  | "translation_group"
  | "published_at"
  | "created_at"
  | "updated_at"
>;

export interface ListPublishedPostsOptions {
  /** At most this many posts (1 to 500). */
  limit?: number;
  /** Only posts flagged popular. */
  popularOnly?: boolean;
  /** Case-insensitive match on title or excerpt. */
  search?: string;
  country?: Exclude<BlogCountry, "Global">;
  /** Only posts in this language (every public list passes the page's language). */
  language?: PostLanguage;
}

/** Longest search term we pass on (longer input is cut). */
export const MAX_SEARCH_LENGTH = 100;

export { searchPattern };

/** Title or excerpt contains the term, ignoring case (for lists already in memory). */
export function matchesSearch(post: Pick<BlogPostSummary, "title" | "excerpt">, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return true;
  return post.title.toLocaleLowerCase().includes(needle) || post.excerpt.toLocaleLowerCase().includes(needle);
}

/** Published posts with the options' filters, newest publish time first (ties broken by id, so pages never overlap). */
function publishedPostsQuery<Columns extends string>(
  client: SupabaseClient<Database>,
  columns: Columns,
  opts: ListPublishedPostsOptions,
  count?: "exact",
) {
  const search = opts.search?.trim().slice(0, MAX_SEARCH_LENGTH) ?? "";
  let query = client
    .from("blog_posts")
    .select(columns, count ? { count } : undefined)
    .eq("published", true)
    .order("published_at", { ascending: false })
    .order("id", { ascending: false });
  if (opts.language) query = query.eq("language", opts.language);
  if (opts.popularOnly) query = query.eq("is_popular", true);
  if (opts.country) query = query.eq("country", opts.country);
  if (search) {
    const pattern = searchPattern(search);
    query = query.or(`title.ilike.${pattern},excerpt.ilike.${pattern}`);
  }
  return query;
}

/** The newest published posts (the landing teaser, the feed), with the columns asked for: at most `limit` (1 to 500), default 500. */
export async function listPublishedPosts<Columns extends string>(
  client: SupabaseClient<Database>,
  opts: ListPublishedPostsOptions,
  columns: Columns,
) {
  const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? 500)), 500);
  const { data, error } = await publishedPostsQuery(client, columns, opts).limit(limit);
  if (error) throw new Error(`Failed to load blog posts: ${error.message}`);
  return data ?? [];
}

/** Posts per page on the blog list. */
export const BLOG_PAGE_SIZE = 12;

interface PublishedPostsPage {
  posts: BlogPostSummary[];
  /** How many published posts match the filters (all pages together). */
  total: number;
}

/**
 * One page of the blog list (1-based) and the true number of matching posts, in one request
 * (`Range` + `Prefer: count=exact`). A page past the end comes back empty with the total (PostgREST
 * answers 416 there; a head count then tells how many posts there are).
 */
export async function listPublishedPostsPage(
  client: SupabaseClient<Database>,
  opts: Omit<ListPublishedPostsOptions, "limit"> & { page: number; pageSize?: number },
): Promise<PublishedPostsPage> {
  const size = opts.pageSize ?? BLOG_PAGE_SIZE;
  const from = (Math.max(1, Math.floor(opts.page)) - 1) * size;
  const { data, error, count, status } = await publishedPostsQuery(client, BLOG_POST_SUMMARY_COLUMNS, opts, "exact").range(
    from,
    from + size - 1,
  );
  if (error && (status === 416 || error.code === "PGRST103")) {
    const head = await publishedPostsQuery(client, "id", opts, "exact").limit(0);
    if (head.error) throw new Error(`Failed to load blog posts: ${head.error.message}`);
    return { posts: [], total: head.count ?? 0 };
  }
  if (error) throw new Error(`Failed to load blog posts: ${error.message}`);
  const posts = data ?? [];
  return { posts, total: count ?? from + posts.length };
}

/** A published post as the sitemap lists it. */
type PublishedPostUrl = Pick<Tables<"blog_posts">, "id" | "slug" | "language" | "translation_group" | "updated_at">;

/** How many posts are published (a head count: no rows are read). */
export async function countPublishedPosts(client: SupabaseClient<Database>): Promise<number> {
  const { count, error } = await client.from("blog_posts").select("id", { count: "exact", head: true }).eq("published", true);
  if (error) throw new Error(`Failed to count blog posts: ${error.message}`);
  return count ?? 0;
}

/** Rows asked for per request when reading everything (the API's usual row cap). */
const READ_CHUNK = 1000;

/**
 * Published posts' slugs in id order, `limit` of them after skipping `offset`, read in chunks by
 * id (keyset), so a server row cap lower than the chunk, or a post published meanwhile, never drops
 * one: the next chunk starts after the last id received, until a chunk comes back empty.
 */
export async function listPublishedPostUrls(
  client: SupabaseClient<Database>,
  { offset = 0, limit = Number.POSITIVE_INFINITY }: { offset?: number; limit?: number } = {},
): Promise<PublishedPostUrl[]> {
  const out: PublishedPostUrl[] = [];
  let after: string | null = null;
  let skip = offset;
  // Skipping: an offset read of ids only (cheap), then keyset from the last skipped id.
  if (skip > 0) {
    const { data, error } = await client
      .from("blog_posts")
      .select("id")
      .eq("published", true)
      .order("id", { ascending: true })
      .range(skip - 1, skip - 1);
    if (error) throw new Error(`Failed to list blog posts: ${error.message}`);
    const row = data?.[0];
    if (!row) return out;
    after = row.id;
    skip = 0;
  }
  while (out.length < limit) {
    let query = client.from("blog_posts").select("id,slug,language,translation_group,updated_at").eq("published", true);
    if (after) query = query.gt("id", after);
    const want = Math.min(READ_CHUNK, limit - out.length);
    const { data, error } = await query.order("id", { ascending: true }).limit(want);
    if (error) throw new Error(`Failed to list blog posts: ${error.message}`);
    const rows = data ?? [];
    if (rows.length === 0) break;
    out.push(...rows);
    after = rows[rows.length - 1]!.id;
  }
  return out;
}

/** A visible translation: the post of `language` in `translation_group`. */
export type PostTranslation = Pick<Tables<"blog_posts">, "translation_group" | "language" | "slug">;

/** Groups asked for per request (a UUID list in the URL: about 3.7 KB for 100). */
const GROUPS_PER_REQUEST = 100;

/**
 * Every visible post of the given translation groups (both languages), for hreflang alternates. Posts
 * not visible yet (drafts, scheduled) are not returned: Row Level Security leaves them out.
 */
export async function listTranslations(client: SupabaseClient<Database>, groups: readonly string[]): Promise<PostTranslation[]> {
  const unique = [...new Set(groups)];
  const out: PostTranslation[] = [];
  for (let i = 0; i < unique.length; i += GROUPS_PER_REQUEST) {
    const batch = unique.slice(i, i + GROUPS_PER_REQUEST);
    const { data, error } = await client
      .from("blog_posts")
      .select("translation_group,language,slug")
      .eq("published", true)
      .in("translation_group", batch);
    if (error) throw new Error(`Failed to list translations: ${error.message}`);
    out.push(...(data ?? []));
  }
  return out;
}
