import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, TeamRole } from "@/lib/database.types";
import { TeamError } from "./team-errors";

type TeamMemberRow = Database["public"]["Functions"]["team_members"]["Returns"][number];

/**
 * A row of public.team_members(). A function's result columns carry neither the check constraints nor
 * the nullability of the tables they come from, so the generated type is narrowed here to what the
 * function returns: a role of administrators.role, a status it computes, and timestamps that are null
 * until the invitation is accepted or the member first signs in.
 */
export type TeamMember = Omit<
  TeamMemberRow,
  "role" | "status" | "accepted_at" | "last_sign_in_at" | "market_ids" | "time_zone" | "locale"
> & {
  role: TeamRole;
  status: "invited" | "active";
  accepted_at: string | null;
  last_sign_in_at: string | null;
  /** The markets the member sells in; null: every market. */
  market_ids: string[] | null;
  time_zone: string | null;
  locale: "ar" | "en" | null;
};

/** Every member with email, role and status (public.team_members(): members only, owners first). */
export async function listTeam(supabase: SupabaseClient<Database>): Promise<TeamMember[]> {
  const { data, error } = await supabase.rpc("team_members").overrideTypes<TeamMember[], { merge: false }>();
  if (error) throw new TeamError("unknown", error.message);
  return data ?? [];
}
