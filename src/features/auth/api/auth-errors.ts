import { retryAfterSeconds } from "@/lib/supabase/client";
import { SessionActorError } from "../machines/session.machine";

interface SupabaseAuthErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
}

/** GoTrue's error codes for a session that no longer exists. */
const SESSION_GONE = new Set([
  "session_not_found",
  "session_expired",
  "refresh_token_not_found",
  "refresh_token_already_used",
  "bad_jwt",
  "no_authorization",
]);

/** Turns a supabase-js auth error into the machine's error kinds. */
export function toSessionError(error: unknown, fallback: "credentials" | "expired" | "unknown" = "unknown"): SessionActorError {
  const e = (error ?? {}) as SupabaseAuthErrorLike;
  const status = e.status ?? 0;
  if (e.name === "AuthRetryableFetchError" || status === 0 || status >= 500) {
    return new SessionActorError("network", e.message, true);
  }
  if (status === 429 || e.code === "over_request_rate_limit") {
    return new SessionActorError("rateLimited", e.message, false, retryAfterSeconds() ?? undefined);
  }
  if (e.code === "invalid_credentials") return new SessionActorError("credentials", e.message);
  // The session was ended elsewhere (sign-out or password reset on another device) or its token is no
  // longer good: the documented "Your session has expired", never the server's English text.
  if (e.code && SESSION_GONE.has(e.code)) return new SessionActorError("expired", e.message);
  return new SessionActorError(fallback, e.message);
}
