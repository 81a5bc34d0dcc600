/**
 * POST /functions/v1/team-invite {email, role, locale}: an owner invites someone to the team
 * (docs/product.md#admin). Only a signed-in owner may call it (public.has_role('owner'), checked as
 * the caller, under RLS). The invited person gets an account without a usable password, a place in
 * public.administrators with the role (accepted_at null: "invited"), and an email in `locale` with a
 * one-time link (72 hours) to choose a password. Inviting someone still invited sends a fresh link
 * (the old one stops working) and sets the role; inviting a member who already accepted is a 409.
 *
 * Embedded auth only: on hosted Supabase, invite through GoTrue's admin API instead.
 */
import bcrypt from "bcryptjs";
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import type { Database } from "../../db/database.ts";
import { withRole } from "../context.ts";
import { functionError, functionErrors, principal, readJsonObject } from "../http.ts";
import { issueOneTimeToken } from "../one-time-tokens.ts";
import type { Limiter } from "../shared-limits.ts";
import { BCRYPT_COST, isPlausibleEmail, normalizeEmail, type UserRow } from "../users.ts";

const ROLES = ["owner", "editor", "sales"] as const;
const LOCALES = ["ar", "en"] as const;
const BODY_LIMIT = 4096;

export const TEAM_INVITE_ERRORS = functionErrors("The invitation could not be sent");

interface TeamInviteContext {
  db: Database;
  jwtSecret: string;
  /** Invitations per owner in a window. */
  invites: Limiter;
  onMailQueued?(): void;
}

const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === "string" && (list as readonly string[]).includes(v);

export async function teamInvite(ctx: TeamInviteContext, req: Request, res: Response) {
  const { db } = ctx;
  const who = principal(req, ctx.jwtSecret, "functions");
  if (who.role !== "authenticated" || typeof who.claims.sub !== "string") {
    throw functionError(401, "not_signed_in", "Sign in as an owner to invite people");
  }
  const callerId = who.claims.sub;
  // As the caller, under RLS: the same rule the database applies everywhere else.
  const isOwner = await withRole(db, "authenticated", who.claims, async (tx) => {
    const r = await tx.query<{ ok: boolean }>("select public.has_role('owner') as ok");
    return r.rows[0]?.ok === true;
  });
  if (!isOwner) throw functionError(403, "forbidden", "Only owners can invite people to the team");
  const limited = await ctx.invites.hit(callerId);
  if (!limited.ok) {
    throw functionError(429, "rate_limited", "Too many invitations; try again later", {}, { "Retry-After": String(limited.retryAfter) });
  }
  const body = await readJsonObject(req, BODY_LIMIT, TEAM_INVITE_ERRORS);
  const fields: Record<string, string> = {};
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
  if (!email || !isPlausibleEmail(email)) fields.email = "A valid email address is required";
  const role = body.role;
  if (!isOneOf(ROLES, role)) fields.role = "The role must be owner, editor or sales";
  const locale = body.locale ?? "ar";
  if (!isOneOf(LOCALES, locale)) fields.locale = "The language must be ar or en";
  if (Object.keys(fields).length) throw functionError(400, "invalid_input", Object.values(fields)[0]!, { fields });

  const out = await db.transaction(async (tx) => {
    const inviter = await tx.query<{ email: string }>("select email from auth.users where id::text = $1", [callerId]);
    let user = (await tx.query<UserRow>("select * from auth.users where lower(email) = $1 and deleted_at is null limit 1", [email]))
      .rows[0];
    if (!user) {
      // No usable password until the invitation is accepted: a hash of 32 random bytes nobody knows.
      const hash = await bcrypt.hash(randomBytes(32).toString("hex"), BCRYPT_COST);
      user = (
        await tx.query<UserRow>(
          `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
           values ($1, $2, null, $3) returning *`,
          [email, hash, JSON.stringify({ locale })],
        )
      ).rows[0]!;
    }
    const member = await tx.query<{ accepted_at: Date | null }>(
      "select accepted_at from public.administrators where user_id = $1 for update",
      [user.id],
    );
    if (member.rows[0]?.accepted_at) return null;
    if (member.rows.length) {
      await tx.query("update public.administrators set role = $2, invited_by = $3 where user_id = $1", [user.id, role, callerId]);
    } else {
      await tx.query("insert into public.administrators (user_id, role, invited_by, accepted_at) values ($1, $2, $3, null)", [
        user.id,
        role,
        callerId,
      ]);
    }
    const { token, expiresAt } = await issueOneTimeToken(tx, user.id, "invite");
    await tx.query("insert into public.mail_outbox (kind, recipient, locale, data) values ('team_invite', $1, $2, $3)", [
      user.email,
      locale,
      JSON.stringify({ token, expiresAt: expiresAt.toISOString(), role, inviter: inviter.rows[0]?.email ?? null }),
    ]);
    await tx.query(
      `insert into public.audit_events (event_type, actor_id, actor_email, details)
       values ('team_member_invited', $1, $2, $3)`,
      [callerId, inviter.rows[0]?.email ?? null, JSON.stringify({ memberId: user.id, memberEmail: user.email, role, locale })],
    );
    return { user_id: user.id, email: user.email, role, status: "invited", expires_at: expiresAt.toISOString() };
  });
  if (!out) throw functionError(409, "already_member", "This person is already a member of the team");
  ctx.onMailQueued?.();
  res.status(201).json(out);
}
