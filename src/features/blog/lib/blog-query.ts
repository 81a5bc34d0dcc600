/**
 * The blog list's search, filters and page as they live in the URL query
 * (`?q=dubai&filter=popular&country=UAE&page=2`), so a filtered list can be shared and survives reload.
 * These four parameters are the only ones that change what `/blog` shows.
 * Pure functions: the loader parses the request URL with them, the chips and the search box build
 * their links with them.
 */
import { type BlogPostSummary, type ListPublishedPostsOptions, MAX_SEARCH_LENGTH, matchesSearch } from "../api/list-published-posts";

const BLOG_FILTERS = ["all", "recent", "popular"] as const;
export type BlogFilter = (typeof BLOG_FILTERS)[number];
export type BlogCountryFilter = "all" | "Canada" | "UAE";

export interface BlogQuery {
  /** Search text (trimmed, at most MAX_SEARCH_LENGTH characters); "" for none. */
  q: string;
  filter: BlogFilter;
  country: BlogCountryFilter;
}

export const defaultBlogQuery: BlogQuery = { q: "", filter: "all", country: "all" };

/** Reads the query string; unknown or malformed values fall back to the defaults. */
export function parseBlogQuery(params: URLSearchParams | string): BlogQuery {
  const p = typeof params === "string" ? new URLSearchParams(params) : params;
  const q = (p.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
  const rawFilter = (p.get("filter") ?? "").toLowerCase();
  const filter = (BLOG_FILTERS as readonly string[]).includes(rawFilter) ? (rawFilter as BlogFilter) : "all";
  const rawCountry = (p.get("country") ?? "").toLowerCase();
  const country: BlogCountryFilter = rawCountry === "uae" ? "UAE" : rawCountry === "canada" ? "Canada" : "all";
  return { q, filter, country };
}

/**
 * The query string for a query and page, defaults left out: "" or "?q=…&filter=popular&country=UAE&page=2".
 * Page 1 has no `page` parameter: every page has exactly one address.
 */
export function blogQueryToSearch(query: BlogQuery, page = 1): string {
  const p = new URLSearchParams();
  if (query.q) p.set("q", query.q);
  if (query.filter !== "all") p.set("filter", query.filter);
  if (query.country !== "all") p.set("country", query.country);
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

export function withBlogQuery(query: BlogQuery, patch: Partial<BlogQuery>): BlogQuery {
  return { ...query, ...patch };
}

export const isFiltered = (query: BlogQuery) => query.q !== "" || query.filter === "popular" || query.country !== "all";

/** What the list call needs for a query ("All" and "Most Recent" are both newest first). */
export function listOptionsFor(query: BlogQuery): ListPublishedPostsOptions {
  return {
    ...(query.q ? { search: query.q } : {}),
    ...(query.filter === "popular" ? { popularOnly: true } : {}),
    ...(query.country !== "all" ? { country: query.country } : {}),
  };
}

/** The same selection in memory (stories, tests, and lists that already hold every post). */
export function filterPosts<T extends BlogPostSummary>(posts: readonly T[], query: BlogQuery): T[] {
  return posts
    .filter((p) => (query.filter === "popular" ? p.is_popular : true))
    .filter((p) => (query.country === "all" ? true : p.country === query.country))
    .filter((p) => matchesSearch(p, query.q))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** The call-to-action region of an article from its category text (docs/product.md#article). */
type CtaRegion = "uae" | "canada" | "global";
export function ctaRegionOf(post: { category: string; country?: string }): CtaRegion {
  const text = post.category.toLowerCase();
  if (/\buae\b|emirates|dubai|abu dhabi|الإمارات|دبي/.test(text)) return "uae";
  if (/canada|toronto|vancouver|كندا/.test(text)) return "canada";
  if (post.country === "UAE") return "uae";
  if (post.country === "Canada") return "canada";
  return "global";
}
