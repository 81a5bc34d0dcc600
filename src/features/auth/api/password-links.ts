/**
 * Password reset and invitation links (docs/product.md#admin): ask for a reset email, use a link's
 * one-time token, choose the new password. One function per call, as everywhere in api/.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

export type PasswordLinkErrorKind = "linkInvalid" | "weakPassword" | "samePassword" | "rateLimited" | "network" | "unknown";

export class PasswordLinkError extends Error {
  public readonly kind: PasswordLinkErrorKind;
  constructor(kind: PasswordLinkErrorKind, message?: string) {
    super(message ?? kind);
    this.kind = kind;
    this.name = "PasswordLinkError";
  }
}

interface AuthErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
}

export function toPasswordLinkError(error: unknown): PasswordLinkError {
  const e = (error ?? {}) as AuthErrorLike;
  const status = e.status ?? 0;
  if (e.name === "AuthRetryableFetchError" || status === 0 || status >= 500) return new PasswordLinkError("network", e.message);
  if (status === 429) return new PasswordLinkError("rateLimited", e.message);
  if (e.code === "otp_expired" || status === 403) return new PasswordLinkError("linkInvalid", e.message);
  if (e.code === "weak_password") return new PasswordLinkError("weakPassword", e.message);
  if (e.code === "same_password") return new PasswordLinkError("samePassword", e.message);
  return new PasswordLinkError("unknown", e.message);
}

/** POST /auth/v1/recover. The answer is the same whether the email is known or not. */
export async function requestPasswordReset(supabase: SupabaseClient<Database>, email: string, redirectTo: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo });
  if (error) throw toPasswordLinkError(error);
}

/** POST /auth/v1/verify: uses the link's one-time token; the client is then signed in as its user. */
export async function verifyPasswordLink(
  supabase: SupabaseClient<Database>,
  tokenHash: string,
  type: "recovery" | "invite",
): Promise<void> {
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw toPasswordLinkError(error);
  if (!data.session) throw new PasswordLinkError("linkInvalid");
}

/** PUT /auth/v1/user {password}: the signed-in user's new password (the server applies the policy). */
export async function updatePassword(supabase: SupabaseClient<Database>, password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw toPasswordLinkError(error);
}
