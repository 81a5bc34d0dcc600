import { retryAfterSeconds } from "@/lib/supabase/client";
import { SessionActorError } from "../machines/session.machine";

interface SupabaseAuthErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
}

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
  return new SessionActorError(fallback, e.message);
}
