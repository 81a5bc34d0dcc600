import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { PostStatus } from "../schemas/post";
import { fail } from "./postgrest-error";

/**
 * A head count (no rows are loaded): all posts, or those of one status at `now` (ISO): published means
 * live now (published and its publish time reached), scheduled published with a later time, draft not
 * published (the same split as the posts table's status filter and `postStatus`).
 */
export async function countPosts(
  supabase: SupabaseClient<Database>,
  { status, now }: { status?: PostStatus; now?: string } = {},
): Promise<number> {
  let query = supabase.from("blog_posts").select("*", { count: "exact", head: true });
  const at = now ?? new Date().toISOString();
  if (status === "draft") query = query.eq("published", false);
  else if (status === "scheduled") query = query.eq("published", true).gt("published_at", at);
  else if (status === "published") query = query.eq("published", true).lte("published_at", at);
  const { count, error, status: httpStatus } = await query;
  if (error) fail(error, httpStatus);
  return count ?? 0;
}
