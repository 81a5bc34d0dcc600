/**
 * The verify step of recovery and invitation links: POST /auth/v1/verify {type, token_hash}
 * (supabase-js verifyOtp) answers the session or 403 otp_expired; GET /auth/v1/verify?token=&type=&redirect_to=
 * (a link opened in the browser) answers, like GoTrue, a 303 to redirect_to (same origin only, else the
 * site's /admin) with the session, or the error, in the fragment.
 */
import type { Request, Response } from "express";
import { AUTH_ERRORS, authError, readJsonObject } from "../http.ts";
import { isOneTimeTokenType } from "../one-time-tokens.ts";
import { redeemLink, type AuthContext } from "./context.ts";
import { BODY_LIMIT } from "./password-grant.ts";

export async function verifyOtp(ctx: AuthContext, req: Request, res: Response) {
  const body = await readJsonObject(req, BODY_LIMIT, AUTH_ERRORS);
  const type = body.type;
  const token = typeof body.token_hash === "string" ? body.token_hash : typeof body.token === "string" ? body.token : "";
  if (!isOneTimeTokenType(type)) throw authError(400, "validation_failed", "Verify requires a verification type of recovery or invite");
  if (!token) throw authError(400, "validation_failed", "Verify requires a token_hash");
  const out = await redeemLink(ctx, req, token, type);
  if (!out) throw authError(403, "otp_expired", "Email link is invalid or has expired");
  res.status(200).json(out);
}

/** Where a link's redirect_to may send the browser: a page of the site itself, else its /admin. */
export function redirectTarget(siteUrl: string, wanted: unknown): string {
  const site = siteUrl.replace(/\/$/, "");
  if (typeof wanted === "string" && wanted) {
    try {
      const u = new URL(wanted, site);
      if (u.origin === new URL(site).origin) return u.href.replace(/#.*$/, "");
    } catch {
      // keep the default
    }
  }
  return `${site}/admin`;
}

export async function verifyLink(ctx: AuthContext, req: Request, res: Response) {
  const target = redirectTarget(ctx.siteUrl, req.query.redirect_to);
  const type = req.query.type;
  const token =
    typeof req.query.token === "string" ? req.query.token : typeof req.query.token_hash === "string" ? req.query.token_hash : "";
  const out = isOneTimeTokenType(type) && token ? await redeemLink(ctx, req, token, type) : null;
  res.setHeader("Cache-Control", "no-store");
  if (!out) {
    const p = new URLSearchParams({
      error: "access_denied",
      error_code: "otp_expired",
      error_description: "Email link is invalid or has expired",
    });
    res.redirect(303, `${target}#${p}`);
    return;
  }
  const p = new URLSearchParams({
    access_token: out.access_token,
    expires_at: String(out.expires_at),
    expires_in: String(out.expires_in),
    refresh_token: out.refresh_token,
    token_type: "bearer",
    type: String(type),
  });
  res.redirect(303, `${target}#${p}`);
}
