import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { LeadStatus } from "../lib/pipeline";

/** What the inbox's bulk actions do to the selected leads: a status, an owner, or no owner. */
export type BulkChange = { kind: "status"; status: LeadStatus } | { kind: "owner"; ownerId: string } | { kind: "unassign" };

/**
 * Apply one change to several leads in one statement (public.leads_bulk_update, with the caller's rights:
 * the database refuses anyone who does not work leads, and each changed lead gets its timeline entry).
 * Returns how many leads changed (those already so are left alone).
 */
export async function bulkUpdateLeads(supabase: SupabaseClient<Database>, ids: string[], change: BulkChange): Promise<number> {
  const { data, error } = await supabase.rpc("leads_bulk_update", {
    p_ids: ids,
    ...(change.kind === "status"
      ? { p_status: change.status }
      : change.kind === "owner"
        ? { p_owner_id: change.ownerId }
        : { p_unassign: true }),
  });
  if (error) throw new Error(error.message);
  return data ?? 0;
}
