import type { SupabaseClient } from "@supabase/supabase-js";
import type { LeadType } from "../lib/leads";
import type { LeadStatus } from "../lib/pipeline";

export interface LeadDashboard {
  /** Leads that arrived since the start of the period (spam included). */
  total: number;
  byStatus: Partial<Record<LeadStatus, number>>;
  /** Leads (spam left out) that sent each kind of form; a lead can count under several. */
  byFormType: Partial<Record<LeadType, number>>;
  /** The pages leads first came from (spam left out), most first, at most 8. */
  byPage: Array<{ path: string; count: number }>;
  /** Leads new for more than 24 hours, whenever they arrived. */
  overdue: number;
}

/** The dashboard's lead figures since an instant (RLS: zeros for anyone but owners and sales people). */
export async function loadLeadDashboard(supabase: SupabaseClient, since: string): Promise<LeadDashboard> {
  const { data, error } = await supabase.rpc("lead_dashboard", { p_since: since });
  if (error) throw new Error(error.message);
  return data as unknown as LeadDashboard;
}
