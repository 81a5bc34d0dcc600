import type { SupabaseClient } from "@supabase/supabase-js";
import { searchPattern } from "@/lib/supabase/search-pattern";
import { type LeadFilters, SUBMISSION_COLUMNS, type Submission, startOfLocalDay, startOfNextLocalDay } from "../lib/leads";

/** Rows per page in the inbox. */
export const LEADS_PAGE_SIZE = 50;
/** Rows asked for per request when reading everything (the API's usual row cap). */
export const EXPORT_CHUNK = 1000;

export interface LeadsQuery {
  filters: LeadFilters;
  /** Name or email contains this, ignoring case ("" for none). */
  search: string;
}

export interface SubmissionsPage {
  rows: Submission[];
  /** How many submissions match, all pages together. */
  total: number;
}

/** Submissions for the type, date range and search, newest first (ties by id, so pages never overlap). */
function submissionsQuery(supabase: SupabaseClient, { filters, search }: LeadsQuery, count?: "exact") {
  let query = supabase
    .from("form_submissions")
    .select(SUBMISSION_COLUMNS, count ? { count } : undefined)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false });
  if (filters.type !== "all") query = query.eq("form_type", filters.type);
  const from = startOfLocalDay(filters.from);
  const to = startOfNextLocalDay(filters.to);
  if (from) query = query.gte("created_at", from);
  if (to) query = query.lt("created_at", to);
  const term = search.trim();
  if (term) {
    const p = searchPattern(term.slice(0, 200));
    query = query.or(`payload->>fullName.ilike.${p},payload->>email.ilike.${p}`);
  }
  return query;
}

/**
 * One page of the inbox (1-based) and the true number of matching submissions (RLS: administrators
 * only). A page past the end (submissions deleted meanwhile) comes back empty with the total.
 */
export async function listSubmissionsPage(supabase: SupabaseClient, q: LeadsQuery & { page: number }): Promise<SubmissionsPage> {
  const from = (Math.max(1, Math.floor(q.page)) - 1) * LEADS_PAGE_SIZE;
  const { data, error, count, status } = await submissionsQuery(supabase, q, "exact").range(from, from + LEADS_PAGE_SIZE - 1);
  if (error && (status === 416 || error.code === "PGRST103")) {
    const head = await submissionsQuery(supabase, q, "exact").limit(0);
    if (head.error) throw new Error(head.error.message);
    return { rows: [], total: head.count ?? 0 };
  }
  if (error) throw new Error(error.message);
  const rows = (data ?? []) as unknown as Submission[];
  return { rows, total: count ?? from + rows.length };
}

/**
 * Every matching submission, for the CSV export: read in ranges until one comes back empty, so no
 * row cap (the embedded API's 1000, or a lower one on hosted Supabase) cuts the file short. A lead
 * arriving during the export shifts the ranges by one (newest first); rows seen twice are dropped.
 */
export async function listAllSubmissions(
  supabase: SupabaseClient,
  q: LeadsQuery,
  onProgress?: (read: number) => void,
): Promise<Submission[]> {
  const rows: Submission[] = [];
  const seen = new Set<string>();
  let offset = 0;
  for (;;) {
    const { data, error } = await submissionsQuery(supabase, q).range(offset, offset + EXPORT_CHUNK - 1);
    if (error) throw new Error(error.message);
    const chunk = (data ?? []) as unknown as Submission[];
    if (chunk.length === 0) break;
    offset += chunk.length;
    for (const r of chunk) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      rows.push(r);
    }
    onProgress?.(rows.length);
  }
  return rows;
}
