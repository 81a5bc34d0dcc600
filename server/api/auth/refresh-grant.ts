/**
 * POST /auth/v1/token?grant_type=refresh_token {refresh_token}: rotation with reuse detection. A token
 * rotated less than REFRESH_REUSE_INTERVAL_SECONDS ago still gets a session (two tabs refreshing at
 * once); later reuse ends the whole session. Limited per client address.
 */
import type { Request, Response } from "express";
import { clientAddress } from "../client-address.ts";
import { AUTH_ERRORS, authError, readJsonObject } from "../http.ts";
import type { UserRow } from "../users.ts";
import { BODY_LIMIT } from "./password-grant.ts";
import { REFRESH_REUSE_INTERVAL_SECONDS, isBanned, newRefreshToken, sessionBody, sha256, type AuthContext } from "./context.ts";

const notFound = () => authError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");

export async function refreshGrant(ctx: AuthContext, req: Request, res: Response) {
  const body = await readJsonObject(req, BODY_LIMIT, AUTH_ERRORS);
  const token = typeof body.refresh_token === "string" ? body.refresh_token : "";
  if (!token) throw authError(400, "validation_failed", "refresh_token required");
  const limited = await ctx.refreshesByIp.hit(clientAddress(req));
  if (!limited.ok) {
    throw authError(429, "over_request_rate_limit", "Request rate limit reached", { "Retry-After": String(limited.retryAfter) });
  }
  const next = newRefreshToken();
  const out = await ctx.db.transaction(async (tx) => {
    const r = await tx.query<{ id: string; user_id: string; session_id: string; revoked: boolean; amr: Date | string }>(
      `select t.id, t.user_id, t.session_id, t.revoked, s.created_at as amr
       from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
       where t.token_hash = $1 for update of t`,
      [sha256(token)],
    );
    const row = r.rows[0];
    if (!row) return { error: notFound() };
    if (row.revoked) {
      // Two tabs (or windows) of one browser refresh the same token at once: supabase-js coordinates
      // refreshes across tabs without a lock and relies on the server for this, so within a few seconds
      // of its rotation a token still gets a session (GoTrue's refresh-token reuse interval). Later
      // reuse means the token family may be stolen: end the whole session. (The database's clock.)
      const recent = await tx.query(`select 1 from auth.refresh_tokens where id = $1 and updated_at > now() - make_interval(secs => $2)`, [
        row.id,
        REFRESH_REUSE_INTERVAL_SECONDS,
      ]);
      if (recent.rows.length === 0) {
        await tx.query("delete from auth.sessions where id = $1", [row.session_id]);
        return { error: authError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used") };
      }
    }
    const u = await tx.query<UserRow>("select * from auth.users where id = $1 and deleted_at is null", [row.user_id]);
    const user = u.rows[0];
    if (!user || isBanned(ctx, user)) {
      await tx.query("delete from auth.sessions where id = $1", [row.session_id]);
      return { error: notFound() };
    }
    // A token reused within the interval stays revoked as it was (its rotation time is not moved on).
    if (!row.revoked) await tx.query("update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1", [row.id]);
    await tx.query("insert into auth.refresh_tokens (token_hash, user_id, session_id, parent_hash) values ($1, $2, $3, $4)", [
      sha256(next),
      row.user_id,
      row.session_id,
      sha256(token),
    ]);
    await tx.query("update auth.sessions set updated_at = now() where id = $1", [row.session_id]);
    return { ok: await sessionBody(ctx, user, row.session_id, next, Math.floor(new Date(row.amr).getTime() / 1000)) };
  });
  if ("error" in out) throw out.error;
  res.status(200).json(out.ok);
}
