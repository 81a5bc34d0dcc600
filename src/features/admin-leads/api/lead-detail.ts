import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, Tables } from "@/lib/database.types";
import { SUBMISSION_COLUMNS, type Submission, type SubmissionShape } from "../lib/leads";
import { LEAD_COLUMNS, type Lead } from "../lib/pipeline";

export type LeadEvent = Tables<"lead_events">;
/** A note as the timeline shows it: who wrote it and whether (when) it was edited. */
export type LeadNote = Pick<Tables<"lead_notes">, "id" | "author_id" | "body" | "edited_at">;

export interface LeadDetail {
  lead: Lead;
  /** The person's submissions, newest first. */
  submissions: Submission[];
  /** The timeline, newest first. */
  events: LeadEvent[];
  /** The lead's notes, by id (a note_added event's `note_id`). */
  notes: LeadNote[];
}

/**
 * A lead with its submissions and timeline. `id` is a lead's id, or a submission's (the sales
 * notification email links to the submission): either opens the person. Null when neither exists.
 */
export async function loadLeadDetail(supabase: SupabaseClient<Database>, id: string): Promise<LeadDetail | null> {
  // The view's columns carry no NOT NULL: its rows are typed as the Lead they are (src/features/admin-leads/lib/pipeline.ts).
  let found = await supabase.from("lead_inbox").select(LEAD_COLUMNS).eq("id", id).maybeSingle().overrideTypes<Lead, { merge: false }>();
  if (found.error) throw new Error(found.error.message);
  if (!found.data) {
    const sub = await supabase.from("form_submissions").select("lead_id").eq("id", id).maybeSingle();
    if (sub.error) throw new Error(sub.error.message);
    const leadId = sub.data?.lead_id;
    if (!leadId) return null;
    found = await supabase.from("lead_inbox").select(LEAD_COLUMNS).eq("id", leadId).maybeSingle().overrideTypes<Lead, { merge: false }>();
    if (found.error) throw new Error(found.error.message);
    if (!found.data) return null;
  }
  const lead = found.data;
  const [subs, events, notes] = await Promise.all([
    supabase
      .from("form_submissions")
      .select(SUBMISSION_COLUMNS)
      .eq("lead_id", lead.id)
      .order("created_at", { ascending: false })
      .limit(100)
      .overrideTypes<SubmissionShape[]>(),
    supabase
      .from("lead_events")
      .select("*")
      .eq("lead_id", lead.id)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(500),
    supabase.from("lead_notes").select("id,author_id,body,edited_at").eq("lead_id", lead.id).limit(500),
  ]);
  if (subs.error) throw new Error(subs.error.message);
  if (events.error) throw new Error(events.error.message);
  if (notes.error) throw new Error(notes.error.message);
  const submissions: Submission[] = subs.data ?? [];
  return { lead, submissions, events: events.data ?? [], notes: notes.data ?? [] };
}
