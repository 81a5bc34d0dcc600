/**
 * One-time links for password recovery and team invitations (embedded auth only; on hosted Supabase,
 * GoTrue owns them). The link carries 32 random bytes; the database keeps only their SHA-256
 * (auth.one_time_tokens). A token works once, for its own type, until it expires; issuing a new one
 * retires the user's older unused tokens of that type.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db/database.ts";

export type OneTimeTokenType = "recovery" | "invite";

/** How long a link works: recovery one hour (GoTrue's default), invitations 72 hours. */
const TOKEN_TTL_SECONDS: Record<OneTimeTokenType, number> = { recovery: 3600, invite: 72 * 3600 };

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function isOneTimeTokenType(v: unknown): v is OneTimeTokenType {
  return v === "recovery" || v === "invite";
}

export async function issueOneTimeToken(
  q: Queryable,
  userId: string,
  type: OneTimeTokenType,
  ttlSeconds = TOKEN_TTL_SECONDS[type],
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  await q.query("update auth.one_time_tokens set used_at = now() where user_id = $1 and token_type = $2 and used_at is null", [
    userId,
    type,
  ]);
  const r = await q.query<{ expires_at: Date | string }>(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning expires_at`,
    [userId, type, hashToken(token), ttlSeconds],
  );
  return { token, expiresAt: new Date(r.rows[0]!.expires_at) };
}

/**
 * Uses the token: the user's id when it is known, of this type, unused and not expired; null
 * otherwise (and then nothing changes, so a token sent with the wrong type still works for its own).
 */
export async function consumeOneTimeToken(q: Queryable, token: string, type: OneTimeTokenType): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const r = await q.query<{ user_id: string }>(
    `update auth.one_time_tokens set used_at = now()
     where token_hash = $1 and token_type = $2 and used_at is null and expires_at > now()
     returning user_id`,
    [hashToken(token), type],
  );
  return r.rows[0]?.user_id ?? null;
}
