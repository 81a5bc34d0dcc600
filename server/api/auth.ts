/**
 * /auth/v1: the GoTrue subset the site uses — password sign-in, refresh with rotation and reuse
 * detection, user (read, and a new password), logout with scopes, password recovery by email and the
 * verify step of recovery and invitation links. No public sign-up. Failed sign-ins and recovery
 * requests are throttled, and no answer says whether the email exists.
 */
import bcrypt from "bcryptjs";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import express, { type Request, type Response } from "express";
import type { Database, Queryable } from "../db/database.ts";
import { clientAddress, clientAddressOrNull } from "./client-address.ts";
import { HttpError, invalidTextAt, readBody } from "./http.ts";
import { signJwt, verifyJwt, type JwtClaims } from "./jwt.ts";
import { RateLimiter, type RateLimitRule } from "./rate-limit.ts";
import { consumeOneTimeToken, isOneTimeTokenType, issueOneTimeToken, type OneTimeTokenType } from "./one-time-tokens.ts";
import { passwordProblem } from "./password-policy.ts";
import { BCRYPT_COST, isPlausibleEmail, normalizeEmail, userJson, type UserRow } from "./users.ts";

export const API_VERSION = "2024-01-01";
const BODY_LIMIT = 16 * 1024;
// A valid bcrypt hash of a random string: compared against when the email is unknown, so that both
// cases take the same time.
const DUMMY_HASH = bcrypt.hashSync(randomBytes(16).toString("hex"), 10);

const authError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  new HttpError(status, { code, message }, headers);

/** How long a rotated refresh token may still be used (GoTrue's default reuse interval). */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

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
  onError(e: unknown): void;
}

/** The language of the page a recovery was asked from: its redirect_to's path, Arabic by default. */
export function localeOfRedirect(redirectTo: unknown): "ar" | "en" {
  if (typeof redirectTo !== "string") return "ar";
  try {
    return /^\/en(\/|$)/.test(new URL(redirectTo, "http://x").pathname) ? "en" : "ar";
  } catch {
    return "ar";
  }
}

export function authRouter(deps: AuthDeps) {
  const { db, jwtSecret } = deps;
  const router = express.Router();
  const failuresByEmailIp = new RateLimiter(deps.signInLimit);
  const failuresByAccount = new RateLimiter(deps.signInAccountLimit);
  const failuresByIp = new RateLimiter(deps.signInIpLimit);
  const refreshesByIp = new RateLimiter(deps.refreshIpLimit);
  const recoveriesByIp = new RateLimiter(deps.recoverIpLimit);
  const recoveriesByEmail = new RateLimiter(deps.recoverEmailLimit);
  const issuer = `${deps.siteUrl.replace(/\/$/, "")}/auth/v1`;
  const throttleAudited = new Map<string, number>();

  router.use((_req, res, next) => {
    res.setHeader("X-Supabase-Api-Version", API_VERSION);
    next();
  });

  // The gateway's key check.
  router.use((req, res, next) => {
    if (req.method === "GET" && (req.path === "/health" || req.path === "/settings")) return next();
    const key = typeof req.headers.apikey === "string" ? req.headers.apikey : typeof req.query.apikey === "string" ? req.query.apikey : null;
    const auth = typeof req.headers.authorization === "string" ? req.headers.authorization : null;
    if (!key && !auth) {
      res.status(401).json({ message: "No API key found in request", hint: "No `apikey` request header or url param was found." });
      return;
    }
    if (key) {
      const v = verifyJwt(key, jwtSecret);
      if (!v.ok && v.reason !== "expired") {
        res.status(401).json({ message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." });
        return;
      }
    }
    next();
  });

  const handle =
    (fn: (req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response) => {
      try {
        await fn(req, res);
      } catch (e) {
        if (e instanceof HttpError) {
          for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
          res.status(e.status).json(e.body);
          return;
        }
        deps.onError(e);
        res.status(500).json({ code: "unexpected_failure", message: "Unexpected failure, please check server logs for more information" });
      }
    };

  async function jsonBody(req: Request): Promise<Record<string, unknown>> {
    const buf = await readBody(req, BODY_LIMIT, () => authError(413, "request_too_large", "Request body too large"));
    let parsed: unknown;
    try {
      parsed = JSON.parse(buf.toString("utf8") || "{}");
    } catch (e) {
      throw authError(400, "bad_json", `Could not parse request body as JSON: ${(e as Error).message.slice(0, 100)}`);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw authError(400, "bad_json", "Could not parse request body as JSON: expected an object");
    }
    const bad = invalidTextAt(parsed);
    if (bad !== null) throw authError(400, "validation_failed", `Invalid text in ${bad || "the body"}: NUL characters and unpaired surrogates are not allowed`);
    return parsed as Record<string, unknown>;
  }

  /** Creates the session's tokens (in `tx`) and the response body. */
  async function issue(tx: Queryable, user: UserRow, sessionId: string, refreshToken: string, amrTime: number, amrMethod = "password") {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + deps.jwtExpirySeconds;
    const claims: JwtClaims = {
      aud: "authenticated",
      exp,
      iat: now,
      iss: issuer,
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
    void tx;
    return {
      access_token: signJwt(claims, jwtSecret),
      token_type: "bearer",
      expires_in: deps.jwtExpirySeconds,
      expires_at: exp,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  const newRefreshToken = () => randomBytes(24).toString("base64url");

  /** Queues a sign-in-link message (rendered and sent by the mail worker; hidden from the API by RLS). */
  async function queueAuthMail(tx: Queryable, kind: "password_recovery" | "team_invite", to: string, locale: "ar" | "en", data: object) {
    await tx.query("insert into public.mail_outbox (kind, recipient, locale, data) values ($1, $2, $3, $4)", [kind, to, locale, JSON.stringify(data)]);
  }

  async function audit(q: Queryable, email: string, userId: string | null, success: boolean, req: Request, reason?: string) {
    await q.query(
      `insert into public.audit_events (event_type, actor_id, actor_email, success, details, client_ip, user_agent)
       values ('admin_sign_in', $1, $2, $3, $4, $5, $6)`,
      [
        userId,
        email.slice(0, 320),
        success,
        JSON.stringify(reason ? { reason } : {}),
        clientAddressOrNull(req),
        String(req.headers["user-agent"] ?? "").slice(0, 1024) || null,
      ],
    );
  }

  /** A new session for `user` (in `tx`): its row, its first refresh token, the response body. */
  async function startSession(tx: Queryable, user: UserRow, req: Request, method: string) {
    const refreshToken = newRefreshToken();
    const sessionId = randomUUID();
    await tx.query("insert into auth.sessions (id, user_id, user_agent, ip) values ($1, $2, $3, $4)", [
      sessionId,
      user.id,
      String(req.headers["user-agent"] ?? "").slice(0, 1024) || null,
      clientAddressOrNull(req),
    ]);
    await tx.query("insert into auth.refresh_tokens (token_hash, user_id, session_id) values ($1, $2, $3)", [
      sha256(refreshToken),
      user.id,
      sessionId,
    ]);
    const u = await tx.query<UserRow>("update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *", [user.id]);
    return issue(tx, u.rows[0]!, sessionId, refreshToken, Math.floor(Date.now() / 1000), method);
  }

  async function passwordGrant(req: Request, res: Response) {
    const body = await jsonBody(req);
    const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
    const password = typeof body.password === "string" ? body.password : "";
    if (!email) throw authError(400, "validation_failed", "missing email or phone");
    if (email.length > 320) throw authError(400, "validation_failed", "Unable to validate email address: invalid format");
    const ip = clientAddress(req);
    const key = `${email}|${ip}`;
    // Reserve a slot in every limit before the password is compared: parallel guesses cannot all pass
    // a check made before any of them was counted. Slots are given back after a success.
    const taken: { release(): void }[] = [];
    for (const [limiter, k] of [
      [failuresByEmailIp, key],
      [failuresByAccount, email],
      [failuresByIp, ip],
    ] as const) {
      const b = limiter.take(k);
      if (!b.ok) {
        for (const t of taken) t.release();
        // One audit row per throttled key and window, so a flood cannot flood the audit table.
        const until = throttleAudited.get(k) ?? 0;
        if (until <= Date.now()) {
          if (throttleAudited.size > 10_000) throttleAudited.clear();
          throttleAudited.set(k, Date.now() + b.retryAfter * 1000);
          await db.transaction((tx) => audit(tx, email, null, false, req, "throttled")).catch(deps.onError);
        }
        throw authError(429, "over_request_rate_limit", "Request rate limit reached", { "Retry-After": String(b.retryAfter) });
      }
      taken.push(b);
    }
    const found = await db.query<UserRow>(
      "select * from auth.users where lower(email) = $1 and deleted_at is null limit 1",
      [email],
    );
    const user = found.rows[0] ?? null;
    const valid = await bcrypt.compare(password.slice(0, 72 * 4), user?.encrypted_password ?? DUMMY_HASH);
    const banned = user?.banned_until ? new Date(user.banned_until).getTime() > Date.now() : false;
    if (!user || !valid || banned || !password) {
      // The reserved slots stay taken: they are the failures counted.
      await db.transaction((tx) => audit(tx, email, user?.id ?? null, false, req, "invalid_credentials"));
      throw authError(400, "invalid_credentials", "Invalid login credentials");
    }
    for (const t of taken) t.release();
    failuresByEmailIp.reset(key);
    const out = await db.transaction(async (tx) => {
      await audit(tx, email, user.id, true, req);
      return startSession(tx, user, req, "password");
    });
    res.status(200).json(out);
  }

  async function refreshGrant(req: Request, res: Response) {
    const body = await jsonBody(req);
    const token = typeof body.refresh_token === "string" ? body.refresh_token : "";
    if (!token) throw authError(400, "validation_failed", "refresh_token required");
    const limited = refreshesByIp.hit(clientAddress(req));
    if (!limited.ok) {
      throw authError(429, "over_request_rate_limit", "Request rate limit reached", { "Retry-After": String(limited.retryAfter) });
    }
    const next = newRefreshToken();
    const out = await db.transaction(async (tx) => {
      const r = await tx.query<{ id: string; user_id: string; session_id: string; revoked: boolean; amr: Date | string }>(
        `select t.id, t.user_id, t.session_id, t.revoked, s.created_at as amr
         from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
         where t.token_hash = $1 for update of t`,
        [sha256(token)],
      );
      const row = r.rows[0];
      if (!row) return { error: authError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found") };
      if (row.revoked) {
        // Two tabs (or windows) of one browser refresh the same token at once: supabase-js coordinates
        // refreshes across tabs without a lock and relies on the server for this, so within a few seconds
        // of its rotation a token still gets a session (GoTrue's refresh-token reuse interval). Later
        // reuse means the token family may be stolen: end the whole session.
        const recent = await tx.query(
          `select 1 from auth.refresh_tokens where id = $1 and updated_at > now() - make_interval(secs => $2)`,
          [row.id, REFRESH_REUSE_INTERVAL_SECONDS],
        );
        if (recent.rows.length === 0) {
          await tx.query("delete from auth.sessions where id = $1", [row.session_id]);
          return { error: authError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used") };
        }
      }
      const u = await tx.query<UserRow>("select * from auth.users where id = $1 and deleted_at is null", [row.user_id]);
      const user = u.rows[0];
      if (!user || (user.banned_until && new Date(user.banned_until).getTime() > Date.now())) {
        await tx.query("delete from auth.sessions where id = $1", [row.session_id]);
        return { error: authError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found") };
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
      return { ok: await issue(tx, user, row.session_id, next, Math.floor(new Date(row.amr).getTime() / 1000)) };
    });
    if ("error" in out) throw out.error;
    res.status(200).json(out.ok);
  }

  router.post(
    "/token",
    handle(async (req, res) => {
      const grant = String(req.query.grant_type ?? "");
      if (grant === "password") return passwordGrant(req, res);
      if (grant === "refresh_token") return refreshGrant(req, res);
      req.resume();
      throw authError(400, "unsupported_grant_type", "unsupported_grant_type");
    }),
  );

  /** The signed-in user's claims, from a valid access token whose session still exists. */
  async function sessionOf(req: Request): Promise<{ claims: JwtClaims; user: UserRow }> {
    const h = typeof req.headers.authorization === "string" ? /^Bearer\s+(\S+)$/i.exec(req.headers.authorization) : null;
    if (!h) throw authError(401, "no_authorization", "This endpoint requires a Bearer token");
    const v = verifyJwt(h[1]!, jwtSecret);
    if (!v.ok) {
      throw authError(
        403,
        "bad_jwt",
        v.reason === "expired"
          ? "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired"
          : "invalid JWT: unable to parse or verify signature, signature is invalid",
      );
    }
    const { claims } = v;
    if (typeof claims.sub !== "string" || !claims.sub) throw authError(403, "bad_jwt", "invalid claim: missing sub claim");
    if (typeof claims.session_id !== "string") throw authError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    const r = await db.query<UserRow>(
      `select u.* from auth.sessions s join auth.users u on u.id = s.user_id
       where s.id::text = $1 and u.id::text = $2 and u.deleted_at is null`,
      [claims.session_id, claims.sub],
    );
    const user = r.rows[0];
    if (!user) throw authError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    return { claims, user };
  }

  router.get(
    "/user",
    handle(async (req, res) => {
      const { user } = await sessionOf(req);
      res.status(200).json(userJson(user));
    }),
  );

  router.post(
    "/logout",
    handle(async (req, res) => {
      req.resume();
      const scope = String(req.query.scope ?? "global");
      if (!["global", "local", "others"].includes(scope)) {
        throw authError(400, "validation_failed", "Unsupported logout scope: must be global, local or others");
      }
      const { claims, user } = await sessionOf(req);
      const sid = String(claims.session_id);
      if (scope === "local") await db.query("delete from auth.sessions where id::text = $1", [sid]);
      else if (scope === "others") await db.query("delete from auth.sessions where user_id = $1 and id::text <> $2", [user.id, sid]);
      else await db.query("delete from auth.sessions where user_id = $1", [user.id]);
      res.status(204).end();
    }),
  );

  // ------------------------------------------------------------------------ password recovery
  // POST /recover {email} (supabase-js resetPasswordForEmail; redirect_to in the query says the page's
  // language). Always 200 {} once the request is well formed, whether the email exists or not; the work
  // happens after the answer, so its timing says nothing either. A known, active user gets a one-hour
  // link by email (through the mail outbox), in the language of the page the request came from.
  router.post(
    "/recover",
    handle(async (req, res) => {
      const body = await jsonBody(req);
      const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
      if (!email) throw authError(400, "validation_failed", "Password recovery requires an email");
      if (!isPlausibleEmail(email)) throw authError(400, "validation_failed", "Unable to validate email address: invalid format");
      const byIp = recoveriesByIp.hit(clientAddress(req));
      if (!byIp.ok) throw authError(429, "over_email_send_rate_limit", "email rate limit exceeded", { "Retry-After": String(byIp.retryAfter) });
      // Per email: quietly dropped (a 429 here would say the address is being used).
      const byEmail = recoveriesByEmail.hit(email);
      const locale = localeOfRedirect(req.query.redirect_to);
      res.status(200).json({});
      if (!byEmail.ok) return;
      try {
        const queued = await db.transaction(async (tx) => {
          const found = await tx.query<UserRow>(
            `select * from auth.users where lower(email) = $1 and deleted_at is null
               and (banned_until is null or banned_until <= now()) limit 1`,
            [email],
          );
          const user = found.rows[0];
          if (!user) return false;
          const { token, expiresAt } = await issueOneTimeToken(tx, user.id, "recovery");
          await queueAuthMail(tx, "password_recovery", user.email, locale, { token, expiresAt: expiresAt.toISOString() });
          return true;
        });
        if (queued) deps.onMailQueued?.();
      } catch (e) {
        deps.onError(e);
      }
    }),
  );

  /** Uses a one-time token and starts a session for its user; null when it is unknown, used, expired or of another type. */
  async function verifyToken(req: Request, token: string, type: OneTimeTokenType) {
    return db.transaction(async (tx) => {
      const userId = await consumeOneTimeToken(tx, token, type);
      if (!userId) return null;
      const u = await tx.query<UserRow>(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
         where id = $1 and deleted_at is null and (banned_until is null or banned_until <= now()) returning *`,
        [userId],
      );
      const user = u.rows[0];
      if (!user) return null;
      return startSession(tx, user, req, "otp");
    });
  }

  const linkInvalid = () => authError(403, "otp_expired", "Email link is invalid or has expired");

  // POST /verify {type, token_hash} (supabase-js verifyOtp): the session, or 403 otp_expired.
  router.post(
    "/verify",
    handle(async (req, res) => {
      const body = await jsonBody(req);
      const type = body.type;
      const token = typeof body.token_hash === "string" ? body.token_hash : typeof body.token === "string" ? body.token : "";
      if (!isOneTimeTokenType(type)) throw authError(400, "validation_failed", "Verify requires a verification type of recovery or invite");
      if (!token) throw authError(400, "validation_failed", "Verify requires a token_hash");
      const out = await verifyToken(req, token, type);
      if (!out) throw linkInvalid();
      res.status(200).json(out);
    }),
  );

  // GET /verify?token=&type=&redirect_to= (a link opened in the browser): like GoTrue, a 303 to
  // redirect_to (same origin only, else the site) with the session, or the error, in the fragment.
  router.get(
    "/verify",
    handle(async (req, res) => {
      const site = deps.siteUrl.replace(/\/$/, "");
      let target = `${site}/admin`;
      const wanted = typeof req.query.redirect_to === "string" ? req.query.redirect_to : "";
      if (wanted) {
        try {
          const u = new URL(wanted, site);
          if (u.origin === new URL(site).origin) target = u.href.replace(/#.*$/, "");
        } catch {
          // keep the default
        }
      }
      const type = req.query.type;
      const token = typeof req.query.token === "string" ? req.query.token : typeof req.query.token_hash === "string" ? req.query.token_hash : "";
      const out = isOneTimeTokenType(type) && token ? await verifyToken(req, token, type) : null;
      res.setHeader("Cache-Control", "no-store");
      if (!out) {
        const p = new URLSearchParams({ error: "access_denied", error_code: "otp_expired", error_description: "Email link is invalid or has expired" });
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
    }),
  );

  // PUT /user {password} (supabase-js updateUser): a new password that meets the policy
  // (server/api/password-policy.ts). The user's other sessions end; an invited member becomes active.
  router.put(
    "/user",
    handle(async (req, res) => {
      const body = await jsonBody(req);
      const { claims, user } = await sessionOf(req);
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
      if (problem) throw authError(422, "weak_password", problem, {});
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
        throw authError(422, "same_password", "New password should be different from the old password.");
      }
      const hash = await bcrypt.hash(password, BCRYPT_COST);
      const updated = await db.transaction(async (tx) => {
        const u = await tx.query<UserRow>("update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning *", [user.id, hash]);
        await tx.query("delete from auth.sessions where user_id = $1 and id::text <> $2", [user.id, String(claims.session_id)]);
        await tx.query("update public.administrators set accepted_at = now() where user_id = $1 and accepted_at is null", [user.id]);
        await tx.query(
          `insert into public.audit_events (event_type, actor_id, actor_email, details, client_ip, user_agent)
           values ('password_changed', $1, $2, '{}', $3, $4)`,
          [user.id, user.email, clientAddressOrNull(req), String(req.headers["user-agent"] ?? "").slice(0, 1024) || null],
        );
        return u.rows[0]!;
      });
      res.status(200).json(userJson(updated));
    }),
  );

  router.post("/signup", (req, res) => {
    req.resume();
    res.status(422).json({ code: "signup_disabled", message: "Signups not allowed for this instance" });
  });
  router.post(["/otp", "/magiclink", "/resend"], (req, res) => {
    req.resume();
    res.status(422).json({ code: "email_provider_disabled", message: "Email logins are disabled" });
  });

  router.get("/settings", (_req, res) => {
    res.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    });
  });
  router.get("/health", (_req, res) => {
    res.json({ version: "embedded", name: "GoTrue", description: "Embedded GoTrue-compatible subset" });
  });

  router.use((req, res) => {
    req.resume();
    res.status(404).json({ code: "not_found", message: "Not found" });
  });

  return router;
}
