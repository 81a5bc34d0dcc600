/**
 * PUT /auth/v1/user {password} (supabase-js updateUser): a new password that meets the policy
 * (server/api/password-policy.ts). The user's other sessions end; an invited member becomes active.
 */
import bcrypt from "bcryptjs";
import type { Request, Response } from "express";
import { clientAddressOrNull } from "../client-address.ts";
import { AUTH_ERRORS, authError, readJsonObject } from "../http.ts";
import { passwordProblem } from "../password-policy.ts";
import { BCRYPT_COST, userJson, type UserRow } from "../users.ts";
import { sessionOf, userAgentOf, type AuthContext } from "./context.ts";
import { BODY_LIMIT } from "./password-grant.ts";

export async function updateUser(ctx: AuthContext, req: Request, res: Response) {
  const body = await readJsonObject(req, BODY_LIMIT, AUTH_ERRORS);
  const { claims, user } = await sessionOf(ctx, req);
  if (body.email !== undefined || body.phone !== undefined) {
    throw authError(422, "validation_failed", "Changing the email or phone is not supported");
  }
  if (body.password === undefined) {
    res.status(200).json(userJson(user));
    return;
  }
  if (typeof body.password !== "string") throw authError(400, "validation_failed", "password must be a string");
  const password = body.password;
  const problem = await passwordProblem(password);
  if (problem) throw authError(422, "weak_password", problem);
  if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
    throw authError(422, "same_password", "New password should be different from the old password.");
  }
  const hash = await bcrypt.hash(password, BCRYPT_COST);
  const updated = await ctx.db.transaction(async (tx) => {
    const u = await tx.query<UserRow>("update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning *", [
      user.id,
      hash,
    ]);
    await tx.query("delete from auth.sessions where user_id = $1 and id::text <> $2", [user.id, String(claims.session_id)]);
    await tx.query("update public.administrators set accepted_at = now() where user_id = $1 and accepted_at is null", [user.id]);
    await tx.query(
      `insert into public.audit_events (event_type, actor_id, actor_email, details, client_ip, user_agent)
       values ('password_changed', $1, $2, '{}', $3, $4)`,
      [user.id, user.email, clientAddressOrNull(req), userAgentOf(req)],
    );
    return u.rows[0]!;
  });
  res.status(200).json(userJson(updated));
}
