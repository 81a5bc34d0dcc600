import type { SupabaseClient } from "@supabase/supabase-js";
import { type LeadFilters, SUBMISSION_COLUMNS, type Submission, startOfLocalDay, startOfNextLocalDay } from "../lib/leads";

/** The most rows the inbox loads at once (newest first). */
export const SUBMISSIONS_LIMIT = 1000;

/** Stored submissions, newest first, by type and date range (RLS: administrators only). */
export async function listSubmissions(supabase: SupabaseClient, filters: LeadFilters): Promise<Submission[]> {
  let query = supabase.from("form_submissions").select(SUBMISSION_COLUMNS).order("created_at", { ascending: false }).limit(SUBMISSIONS_LIMIT);
  if (filters.type !== "all") query = query.eq("form_type", filters.type);
  const from = startOfLocalDay(filters.from);
  const to = startOfNextLocalDay(filters.to);
  if (from) query = query.gte("created_at", from);
  if (to) query = query.lt("created_at", to);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return (data ?? []) as unknown as Submission[];
}
