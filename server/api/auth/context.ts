/**
 * What every /auth/v1 endpoint shares: the database, the signing secret, the clock, the limiters,
 * and the steps several endpoints take (start a session and sign its access token, find the session
 * of a bearer token, write an audit row, redeem an emailed link).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Request } from "express";
import type { Database, Queryable } from "../../db/database.ts";
import { clientAddressOrNull } from "../client-address.ts";
import { authError, bearer } from "../http.ts";
import { signJwt, verifyJwt, type JwtClaims } from "../jwt.ts";
import { consumeOneTimeToken, type OneTimeTokenType } from "../one-time-tokens.ts";
import type { RateLimitRule } from "../rate-limit.ts";
import { type Limiter, type LimiterFactory, memoryLimiters } from "../shared-limits.ts";
import { userJson, type UserRow } from "../users.ts";

export interface AuthDeps {
  db: Database;
  jwtSecret: string;
  siteUrl: string;
  jwtExpirySeconds: number;
  /** Failed sign-ins allowed per email+address, per email (all addresses), and per address, in a window. */
  signInLimit: RateLimitRule;
  signInAccountLimit: RateLimitRule;
  signInIpLimit: RateLimitRule;
  /** Refresh-token grants per address in a window. */
  refreshIpLimit: RateLimitRule;
  /** Password-recovery requests per address, and per email, in a window. */
  recoverIpLimit: RateLimitRule;
  recoverEmailLimit: RateLimitRule;
  /** Called after a message was queued in the mail outbox (wakes the mail worker). */
  onMailQueued?(): void;
  /** The node's readiness (server/ops/health.ts): GET /health answers 503 when it is not ready. */
  /** Where the limits count (shared-limits.ts; default: in this process). */
  limiters?: LimiterFactory;
  health?: { check(): Promise<{ ready: boolean; database: string; migrations: string; draining: boolean }> };
  onError(e: unknown): void;
  /** The clock for tokens, limits and bans (tests move it; default: the system clock). */
  now?: () => Date;
}

/** One sign-in limit: its counter, and the one-audit-row-per-window record of being throttled. */
interface SignInLimit {
  limiter: Limiter;
  audited: Limiter;
  key(email: string, ip: string): string;
}

export interface AuthContext {
  db: Database;
  jwtSecret: string;
  siteUrl: string;
  /** The `iss` of access tokens: `<site>/auth/v1`. */
  issuer: string;
  jwtExpirySeconds: number;
  now(): Date;
  signInLimits: SignInLimit[];
  refreshesByIp: Limiter;
  recoveriesByIp: Limiter;
  recoveriesByEmail: Limiter;
  onMailQueued?(): void;
  onError(e: unknown): void;
}

export const API_VERSION = "2024-01-01";

/** How long a rotated refresh token may still be used (GoTrue's default reuse interval). */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

export function createAuthContext(deps: AuthDeps): AuthContext {
  const now = deps.now ?? (() => new Date());
  const ms = () => now().getTime();
  const limiters = deps.limiters ?? memoryLimiters;
  const signIn = (name: string, rule: RateLimitRule, key: SignInLimit["key"]): SignInLimit => ({
    limiter: limiters(name, rule, ms),
    audited: limiters(`${name}-audited`, { limit: 1, windowSeconds: rule.windowSeconds }, ms),
    key,
  });
  return {
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    siteUrl: deps.siteUrl,
    issuer: `${deps.siteUrl.replace(/\/$/, "")}/auth/v1`,
    jwtExpirySeconds: deps.jwtExpirySeconds,
    now,
    signInLimits: [
      signIn("signin", deps.signInLimit, (email, ip) => `${email}|${ip}`),
      signIn("signin-account", deps.signInAccountLimit, (email) => email),
      signIn("signin-ip", deps.signInIpLimit, (_email, ip) => ip),
    ],
    refreshesByIp: limiters("refresh-ip", deps.refreshIpLimit, ms),
    recoveriesByIp: limiters("recover-ip", deps.recoverIpLimit, ms),
    recoveriesByEmail: limiters("recover-email", deps.recoverEmailLimit, ms),
    onMailQueued: deps.onMailQueued,
    onError: deps.onError,
  };
}

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
export const newRefreshToken = () => randomBytes(24).toString("base64url");
export const userAgentOf = (req: Request) => String(req.headers["user-agent"] ?? "").slice(0, 1024) || null;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const isBanned = (ctx: AuthContext, user: UserRow) =>
  user.banned_until ? new Date(user.banned_until).getTime() > ctx.now().getTime() : false;

/** The access token of a session and GoTrue's session body around it. */
export async function sessionBody(
  ctx: AuthContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  amrTime: number,
  amrMethod = "password",
) {
  const iat = seconds(ctx.now());
  const exp = iat + ctx.jwtExpirySeconds;
  const claims: JwtClaims = {
    aud: "authenticated",
    exp,
    iat,
    iss: ctx.issuer,
    sub: user.id,
    email: user.email,
    phone: user.phone ?? "",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: typeof user.raw_user_meta_data === "string" ? JSON.parse(user.raw_user_meta_data) : (user.raw_user_meta_data ?? {}),
    role: "authenticated",
    aal: "aal1",
    amr: [{ method: amrMethod, timestamp: amrTime }],
    session_id: sessionId,
    is_anonymous: false,
  };
  return {
    access_token: signJwt(claims, ctx.jwtSecret),
    token_type: "bearer",
    expires_in: ctx.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** A new session for `user` (in `tx`): its row, its first refresh token, the response body. */
export async function startSession(ctx: AuthContext, tx: Queryable, user: UserRow, req: Request, method: string) {
  const refreshToken = newRefreshToken();
  const sessionId = randomUUID();
  await tx.query("insert into auth.sessions (id, user_id, user_agent, ip) values ($1, $2, $3, $4)", [
    sessionId,
    user.id,
    userAgentOf(req),
    clientAddressOrNull(req),
  ]);
  await tx.query("insert into auth.refresh_tokens (token_hash, user_id, session_id) values ($1, $2, $3)", [
    sha256(refreshToken),
    user.id,
    sessionId,
  ]);
  const u = await tx.query<UserRow>("update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *", [
    user.id,
  ]);
  return sessionBody(ctx, u.rows[0]!, sessionId, refreshToken, seconds(ctx.now()), method);
}

/** One `admin_sign_in` audit row. */
export async function auditSignIn(q: Queryable, email: string, userId: string | null, success: boolean, req: Request, reason?: string) {
  await q.query(
    `insert into public.audit_events (event_type, actor_id, actor_email, success, details, client_ip, user_agent)
     values ('admin_sign_in', $1, $2, $3, $4, $5, $6)`,
    [userId, email.slice(0, 320), success, JSON.stringify(reason ? { reason } : {}), clientAddressOrNull(req), userAgentOf(req)],
  );
}

/** GoTrue's message for an access token it does not accept. */
const BAD_JWT = {
  expired: "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
  not_yet_valid: "invalid JWT: unable to parse or verify signature, token has invalid claims: token is not valid yet",
  other: "invalid JWT: unable to parse or verify signature, signature is invalid",
};

/** The signed-in user's claims, from a valid access token whose session still exists. */
export async function sessionOf(ctx: AuthContext, req: Request): Promise<{ claims: JwtClaims; user: UserRow }> {
  const token = bearer(req);
  if (!token) throw authError(401, "no_authorization", "This endpoint requires a Bearer token");
  const v = await verifyJwt(token, ctx.jwtSecret, ctx.now());
  if (!v.ok) throw authError(403, "bad_jwt", v.reason === "expired" || v.reason === "not_yet_valid" ? BAD_JWT[v.reason] : BAD_JWT.other);
  const { claims } = v;
  if (typeof claims.sub !== "string" || !claims.sub) throw authError(403, "bad_jwt", "invalid claim: missing sub claim");
  if (typeof claims.session_id !== "string")
    throw authError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  const r = await ctx.db.query<UserRow>(
    `select u.* from auth.sessions s join auth.users u on u.id = s.user_id
     where s.id::text = $1 and u.id::text = $2 and u.deleted_at is null`,
    [claims.session_id, claims.sub],
  );
  const user = r.rows[0];
  if (!user) throw authError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  return { claims, user };
}

/** Uses a one-time token and starts a session for its user; null when it is unknown, used, expired or of another type. */
export async function redeemLink(ctx: AuthContext, req: Request, token: string, type: OneTimeTokenType) {
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, type);
    if (!userId) return null;
    const u = await tx.query<UserRow>(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
       where id = $1 and deleted_at is null and (banned_until is null or banned_until <= now()) returning *`,
      [userId],
    );
    const user = u.rows[0];
    if (!user) return null;
    return startSession(ctx, tx, user, req, "otp");
  });
}
