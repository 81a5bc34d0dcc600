import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { REFRESH_MARGIN_MS, type Session, SessionActorError } from "../machines/session.machine";
import { toSessionError } from "./auth-errors";
import { toSession } from "./to-session";

/**
 * A session that is good for more than the refresh margin. supabase-js refreshes inside getSession
 * when the token is about to expire (sharing its lock with its own auto refresh, so a refresh token is
 * never used twice); if it still is not fresh, ask for a refresh outright. A revoked or expired
 * refresh token (4xx) makes supabase-js drop the session: that is `expired` for the machine.
 */
export async function refreshSession(supabase: SupabaseClient<Database>): Promise<Session> {
  const current = await supabase.auth.getSession();
  if (current.error) throw toSessionError(current.error, "expired");
  if (!current.data.session) throw new SessionActorError("expired");
  const fresh = toSession(current.data.session);
  if (fresh.expiresAt * 1000 - Date.now() > REFRESH_MARGIN_MS) return fresh;

  const { data, error } = await supabase.auth.refreshSession();
  if (error) throw toSessionError(error, "expired");
  if (!data.session) throw new SessionActorError("expired");
  return toSession(data.session);
}
