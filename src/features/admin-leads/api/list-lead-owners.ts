import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, TeamRole } from "@/lib/database.types";

export interface LeadOwner {
  user_id: string;
  email: string;
  role: TeamRole;
}

/** The team members a lead can be given to (owners and sales people). */
export async function listLeadOwners(supabase: SupabaseClient<Database>): Promise<LeadOwner[]> {
  const { data, error } = await supabase.rpc("lead_owner_choices");
  if (error) throw new Error(error.message);
  return (data ?? []) as LeadOwner[];
}
