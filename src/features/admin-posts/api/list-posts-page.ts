import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { searchPattern } from "@/lib/supabase/search-pattern";
import { type AdminPostSummary, type Category, type Country, type PostLanguage, type PostStatus, SUMMARY_COLUMNS } from "../schemas/post";
import type { PostsSort } from "../schemas/posts-query";
import { fail } from "./postgrest-error";

/** Rows per page in the posts table. */
export const POSTS_PAGE_SIZE = 50;

export interface PostsQuery {
  /** Title or slug contains this, ignoring case ("" for none). */
  search: string;
  /** Stored values whose displayed label matched the search (see optionsMatching). */
  categories: readonly Category[];
  countries: readonly Country[];
  status: PostStatus | "all";
  language: PostLanguage | "all";
  sort: PostsSort;
  /** 1-based. */
  page: number;
  /** The instant that separates scheduled from published (ISO). */
  now: string;
}

interface PostsPage {
  rows: AdminPostSummary[];
  /** How many posts match, all pages together. */
  total: number;
}

/** A value for a PostgREST `in.(…)` list inside an `or=(…)` tree: quoted, with `"` and `\` escaped. */
const listValue = (s: string) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;

function postsQuery(supabase: SupabaseClient<Database>, q: PostsQuery, head: boolean) {
  let query = supabase.from("blog_posts").select(SUMMARY_COLUMNS, { count: "exact", head });
  if (q.language !== "all") query = query.eq("language", q.language);
  if (q.status === "draft") query = query.eq("published", false);
  else if (q.status === "scheduled") query = query.eq("published", true).gt("published_at", q.now);
  else if (q.status === "published") query = query.eq("published", true).lte("published_at", q.now);
  const term = q.search.trim().slice(0, 200);
  if (term) {
    const p = searchPattern(term);
    const or = [`title.ilike.${p}`, `slug.ilike.${p}`];
    if (q.categories.length) or.push(`category.in.(${q.categories.map(listValue).join(",")})`);
    if (q.countries.length) or.push(`country.in.(${q.countries.map(listValue).join(",")})`);
    query = query.or(or.join(","));
  }
  const byTitle = q.sort === "title" || q.sort === "title-desc";
  const ascending = q.sort === "oldest" || q.sort === "title";
  query = byTitle
    ? query.order("title", { ascending }).order("created_at", { ascending: false })
    : query.order("created_at", { ascending });
  return query.order("id", { ascending });
}

/**
 * One page of the posts table (drafts included; RLS: the team) for the search, status and language
 * filters and the sort, all applied by the database, with the true count. A page past the end (posts
 * deleted meanwhile) comes back empty with the total.
 */
export async function listPostsPage(supabase: SupabaseClient<Database>, q: PostsQuery): Promise<PostsPage> {
  const from = (Math.max(1, Math.floor(q.page)) - 1) * POSTS_PAGE_SIZE;
  const { data, error, count, status } = await postsQuery(supabase, q, false).range(from, from + POSTS_PAGE_SIZE - 1);
  if (error && (status === 416 || error.code === "PGRST103")) {
    const again = await postsQuery(supabase, q, true);
    if (again.error) fail(again.error, again.status);
    return { rows: [], total: again.count ?? 0 };
  }
  if (error) fail(error, status);
  const rows = data ?? [];
  return { rows, total: count ?? from + rows.length };
}
