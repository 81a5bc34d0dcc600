import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { type AdminPostSummary, SUMMARY_COLUMNS } from "../schemas/post";
import { fail } from "./postgrest-error";

/** Rows asked for per request when reading every post (the API's usual row cap). */
const CHUNK = 1000;

/**
 * Posts, drafts included (RLS: administrators only), newest first (ties by id). With `limit`, that
 * many (the dashboard's five); without, every post: read in ranges until one comes back empty, so
 * the API's row cap never cuts the table short.
 */
export async function listPosts(supabase: SupabaseClient<Database>, { limit }: { limit?: number } = {}): Promise<AdminPostSummary[]> {
  const query = () =>
    supabase.from("blog_posts").select(SUMMARY_COLUMNS).order("created_at", { ascending: false }).order("id", { ascending: false });
  if (limit) {
    const { data, error, status } = await query().limit(limit);
    if (error) fail(error, status);
    return data ?? [];
  }
  const rows: AdminPostSummary[] = [];
  const seen = new Set<string>();
  for (let offset = 0; ;) {
    const { data, error, status } = await query().range(offset, offset + CHUNK - 1);
    if (error) fail(error, status);
    const chunk = data ?? [];
    if (chunk.length === 0) return rows;
    offset += chunk.length;
    for (const r of chunk) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      rows.push(r);
    }
  }
}
