import type { PostgrestError, SupabaseClient } from "@supabase/supabase-js";
import type { Database, TeamRole } from "@/lib/database.types";
import { TeamError } from "./team-errors";

function toTeamError(error: PostgrestError): TeamError {
  // 23514: the database keeps at least one owner (administrators_keep_an_owner).
  if (error.code === "23514") return new TeamError("lastOwner", error.message);
  if (error.code === "42501") return new TeamError("forbidden", error.message);
  return new TeamError("unknown", error.message);
}

/**
 * Another member's new role (owners only; RLS refuses one's own entry). No row changed means the
 * database refused it.
 */
export async function changeRole(supabase: SupabaseClient<Database>, userId: string, role: TeamRole): Promise<void> {
  const { data, error } = await supabase.from("administrators").update({ role }).eq("user_id", userId).select("user_id");
  if (error) throw toTeamError(error);
  if (!data?.length) throw new TeamError("notChanged");
}

/** Removes another member from the team (owners only). Their account stays, without access. */
export async function removeMember(supabase: SupabaseClient<Database>, userId: string): Promise<void> {
  const { data, error } = await supabase.from("administrators").delete().eq("user_id", userId).select("user_id");
  if (error) throw toTeamError(error);
  if (!data?.length) throw new TeamError("notChanged");
}

/** The markets another member sells in (owners only); null: every market. */
export async function changeMarkets(supabase: SupabaseClient<Database>, userId: string, marketIds: string[] | null): Promise<void> {
  const { data, error } = await supabase.from("administrators").update({ market_ids: marketIds }).eq("user_id", userId).select("user_id");
  if (error) throw toTeamError(error);
  if (!data?.length) throw new TeamError("notChanged");
}

/** Marks another member away (no new leads or demos are given to them) or back (owners only). */
export async function changeAway(supabase: SupabaseClient<Database>, userId: string, away: boolean): Promise<void> {
  const { data, error } = await supabase.from("administrators").update({ away }).eq("user_id", userId).select("user_id");
  if (error) throw toTeamError(error);
  if (!data?.length) throw new TeamError("notChanged");
}
