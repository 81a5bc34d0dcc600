/**
 * POST /auth/v1/recover {email} (supabase-js resetPasswordForEmail; redirect_to in the query says the
 * page's language). Always 200 {} once the request is well formed, whether the email exists or not;
 * the work happens after the answer, so its timing says nothing either. A known, active user gets a
 * one-hour link by email (through the mail outbox), in the language of the page the request came from.
 */
import type { Request, Response } from "express";
import { clientAddress } from "../client-address.ts";
import { AUTH_ERRORS, authError, readJsonObject } from "../http.ts";
import { issueOneTimeToken } from "../one-time-tokens.ts";
import { isPlausibleEmail, normalizeEmail, type UserRow } from "../users.ts";
import type { AuthContext } from "./context.ts";
import { BODY_LIMIT } from "./password-grant.ts";

/** The language of the page a recovery was asked from: its redirect_to's path, Arabic by default. */
export function localeOfRedirect(redirectTo: unknown): "ar" | "en" {
  if (typeof redirectTo !== "string") return "ar";
  try {
    return /^\/en(\/|$)/.test(new URL(redirectTo, "http://x").pathname) ? "en" : "ar";
  } catch {
    return "ar";
  }
}

export async function recover(ctx: AuthContext, req: Request, res: Response) {
  const body = await readJsonObject(req, BODY_LIMIT, AUTH_ERRORS);
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
  if (!email) throw authError(400, "validation_failed", "Password recovery requires an email");
  if (!isPlausibleEmail(email)) throw authError(400, "validation_failed", "Unable to validate email address: invalid format");
  const byIp = await ctx.recoveriesByIp.hit(clientAddress(req));
  if (!byIp.ok) throw authError(429, "over_email_send_rate_limit", "email rate limit exceeded", { "Retry-After": String(byIp.retryAfter) });
  // Per email: quietly dropped (a 429 here would say the address is being used).
  const byEmail = await ctx.recoveriesByEmail.hit(email);
  const locale = localeOfRedirect(req.query.redirect_to);
  res.status(200).json({});
  if (!byEmail.ok) return;
  try {
    const queued = await ctx.db.transaction(async (tx) => {
      const found = await tx.query<UserRow>(
        `select * from auth.users where lower(email) = $1 and deleted_at is null
           and (banned_until is null or banned_until <= now()) limit 1`,
        [email],
      );
      const user = found.rows[0];
      if (!user) return false;
      const { token, expiresAt } = await issueOneTimeToken(tx, user.id, "recovery");
      // Rendered and sent by the mail worker; hidden from the API by RLS.
      await tx.query("insert into public.mail_outbox (kind, recipient, locale, data) values ($1, $2, $3, $4)", [
        "password_recovery",
        user.email,
        locale,
        JSON.stringify({ token, expiresAt: expiresAt.toISOString() }),
      ]);
      return true;
    });
    if (queued) ctx.onMailQueued?.();
  } catch (e) {
    ctx.onError(e);
  }
}
