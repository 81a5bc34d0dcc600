/** The posts table's search, filters, sort and page, and how they live in the address (docs/admin-posts.md#table). */
import type { PostLanguage, PostStatus } from "./post";

export type PostsSort = "newest" | "oldest" | "title" | "title-desc";
const POSTS_SORTS = ["newest", "oldest", "title", "title-desc"] as const satisfies readonly PostsSort[];
export const POST_STATUSES = ["draft", "scheduled", "published"] as const satisfies readonly PostStatus[];

export interface PostsTableQuery {
  search: string;
  status: PostStatus | "all";
  language: PostLanguage | "all";
  sort: PostsSort;
  /** 1-based. */
  page: number;
}

export const defaultPostsQuery: PostsTableQuery = { search: "", status: "all", language: "all", sort: "newest", page: 1 };

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** `?q=&status=&lang=&sort=&page=`; anything unknown falls back to the default. */
export function postsQueryFromSearch(search: string): PostsTableQuery {
  const p = new URLSearchParams(search);
  const page = Math.floor(Number(p.get("page")));
  return {
    search: (p.get("q") ?? "").slice(0, 200),
    status: oneOf(p.get("status"), [...POST_STATUSES, "all"], "all"),
    language: oneOf(p.get("lang"), ["ar", "en", "all"], "all"),
    sort: oneOf(p.get("sort"), POSTS_SORTS, "newest"),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The query string for a query (defaults left out; "" when everything is default). */
export function postsQueryToSearch(q: PostsTableQuery): string {
  const p = new URLSearchParams();
  if (q.search.trim()) p.set("q", q.search.trim());
  if (q.status !== "all") p.set("status", q.status);
  if (q.language !== "all") p.set("lang", q.language);
  if (q.sort !== "newest") p.set("sort", q.sort);
  if (q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}
