import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, TeamRole } from "@/lib/database.types";
import { TeamError } from "./team-errors";

export interface InviteInput {
  email: string;
  role: TeamRole;
  /** The language of the invitation email. */
  locale: "ar" | "en";
}

/** POST /functions/v1/team-invite (owners only): the invitation email goes through the mail outbox. */
export async function inviteMember(supabase: SupabaseClient<Database>, input: InviteInput): Promise<void> {
  const { error } = await supabase.functions.invoke("team-invite", { body: { ...input, email: input.email.trim() } });
  if (!error) return;
  const status = (error as { context?: { status?: number } }).context?.status ?? 0;
  if (status === 409) throw new TeamError("alreadyMember");
  if (status === 400) throw new TeamError("invalid");
  if (status === 401 || status === 403) throw new TeamError("forbidden");
  if (status === 429) throw new TeamError("rateLimited");
  if (status === 0 || status >= 500) throw new TeamError("network", error.message);
  throw new TeamError("unknown", error.message);
}
