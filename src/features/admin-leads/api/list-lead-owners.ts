import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, TeamRole } from "@/lib/database.types";

export interface LeadOwner {
  user_id: string;
  email: string;
  role: TeamRole;
}

/** The team members a lead can be given to (owners and sales people). */
export async function listLeadOwners(supabase: SupabaseClient<Database>): Promise<LeadOwner[]> {
  // The function returns administrators.role, which its result type only knows as text.
  const { data, error } = await supabase.rpc("lead_owner_choices").overrideTypes<LeadOwner[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data ?? [];
}
