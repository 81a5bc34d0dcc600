import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { LeadStatus } from "../lib/pipeline";

/** Move a lead to a status (the database records who did it on the timeline). */
export async function setLeadStatus(supabase: SupabaseClient<Database>, id: string, status: LeadStatus): Promise<void> {
  const { data, error } = await supabase.from("leads").update({ status }).eq("id", id).select("id");
  if (error) throw new Error(error.message);
  if (!data?.length) throw new Error("The lead was not found or you may not change it.");
}

/** Give a lead to a team member (an owner or a sales person), or to nobody (null). */
export async function setLeadOwner(supabase: SupabaseClient<Database>, id: string, ownerId: string | null): Promise<void> {
  const { data, error } = await supabase.from("leads").update({ owner_id: ownerId }).eq("id", id).select("id");
  if (error) throw new Error(error.message);
  if (!data?.length) throw new Error("The lead was not found or you may not change it.");
}

/** Add a note to a lead, as the signed-in user. */
export async function addLeadNote(supabase: SupabaseClient<Database>, leadId: string, body: string): Promise<void> {
  const { error } = await supabase.from("lead_notes").insert({ lead_id: leadId, body });
  if (error) throw new Error(error.message);
}

/** Change a note's text (its author, or an owner: the database decides; it stamps the edit). */
export async function editLeadNote(supabase: SupabaseClient<Database>, noteId: string, body: string): Promise<void> {
  const { data, error } = await supabase.from("lead_notes").update({ body }).eq("id", noteId).select("id");
  if (error) throw new Error(error.message);
  if (!data?.length) throw new Error("The note was not found or you may not change it.");
}
