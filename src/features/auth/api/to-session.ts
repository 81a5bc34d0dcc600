import type { Session as SupabaseSession } from "@supabase/supabase-js";
import type { Session } from "../machines/session.machine";

/** The parts of a supabase-js session the admin area uses (docs/product.md#auth). */
export function toSession(s: SupabaseSession): Session {
  return {
    user: { id: s.user.id, email: s.user.email ?? "" },
    accessToken: s.access_token,
    refreshToken: s.refresh_token,
    expiresAt: s.expires_at ?? Math.floor(Date.now() / 1000) + (s.expires_in ?? 3600),
  };
}
