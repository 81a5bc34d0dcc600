import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthChangeEvent } from "@supabase/supabase-js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, startServer, type TestServer } from "../support/api-server.ts";

let srv: TestServer;

beforeAll(async () => {
  srv = await startServer({ env: { AUTH_SIGNIN_RATE_LIMIT: "3/60", AUTH_SIGNIN_IP_RATE_LIMIT: "1000/60" } });
});
afterAll(async () => {
  await srv?.close();
});

function authFetch(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("apikey", srv.api.anonKey);
  if (!headers.has("Authorization")) headers.set("Authorization", `Bearer ${srv.api.anonKey}`);
  headers.set("X-Supabase-Api-Version", "2024-01-01");
  if (init.body) headers.set("Content-Type", "application/json");
  return fetch(`${srv.url}/auth/v1${path}`, { ...init, headers });
}

describe("password sign-in", () => {
  it("returns GoTrue's session shape with all access-token claims", async () => {
    const c = srv.client();
    const { data, error } = await c.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(error).toBeNull();
    const s = data.session!;
    expect(s.token_type).toBe("bearer");
    expect(s.expires_in).toBe(3600);
    expect(s.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(s.refresh_token).toMatch(/^[\w-]{20,}$/);
    const u = data.user!;
    for (const k of [
      "id",
      "aud",
      "role",
      "email",
      "email_confirmed_at",
      "phone",
      "confirmed_at",
      "last_sign_in_at",
      "app_metadata",
      "user_metadata",
      "identities",
      "created_at",
      "updated_at",
      "is_anonymous",
    ]) {
      expect(u).toHaveProperty(k);
    }
    expect(u.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    const [h, p] = s.access_token.split(".");
    expect(JSON.parse(Buffer.from(h!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    for (const k of [
      "aud",
      "exp",
      "iat",
      "iss",
      "sub",
      "email",
      "phone",
      "app_metadata",
      "user_metadata",
      "role",
      "aal",
      "amr",
      "session_id",
      "is_anonymous",
    ]) {
      expect(claims).toHaveProperty(k);
    }
    expect(claims).toMatchObject({
      aud: "authenticated",
      role: "authenticated",
      sub: u.id,
      email: ADMIN_EMAIL,
      aal: "aal1",
      is_anonymous: false,
    });
    expect(claims.amr[0].method).toBe("password");
    const me = await c.auth.getUser();
    expect(me.data.user!.id).toBe(u.id);
  });

  it("wrong password and unknown email give the same 400 invalid_credentials, with the API version header", async () => {
    const bad = await authFetch("/token?grant_type=password", {
      method: "POST",
      body: JSON.stringify({ email: USER_EMAIL, password: "wrong", gotrue_meta_security: {} }),
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await bad.json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
    const unknown = await authFetch("/token?grant_type=password", {
      method: "POST",
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong" }),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
    const c = srv.client();
    const r = await c.auth.signInWithPassword({ email: "nobody@example.com", password: "x" });
    expect(r.error!.code).toBe("invalid_credentials");
    expect(r.error!.status).toBe(400);
  });

  it("throttles repeated failures per email and address with 429 over_request_rate_limit, for known and unknown emails alike", async () => {
    const { ensureUser } = await import("../../server/api/users.ts");
    await srv.api.db.transaction((tx) => ensureUser(tx, "victim@example.com", "victim password 1", { admin: false }));
    for (const email of ["throttle-me@example.com", "VICTIM@example.com"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await authFetch("/token?grant_type=password", { method: "POST", body: JSON.stringify({ email, password: `bad-${i}` }) });
        statuses.push(r.status);
        if (r.status === 429) {
          expect(await r.json()).toEqual({ code: "over_request_rate_limit", message: "Request rate limit reached" });
          expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
        } else await r.body?.cancel();
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    }
    // even the right password is refused while throttled
    const r = await srv.client().auth.signInWithPassword({ email: "victim@example.com", password: "victim password 1" });
    expect(r.error!.status).toBe(429);
    expect(r.error!.code).toBe("over_request_rate_limit");
  });

  it("records sign-in successes and failures with address and user agent", async () => {
    const svc = srv.client(srv.api.serviceRoleKey);
    const { data } = await svc.from("audit_events").select("*").eq("event_type", "admin_sign_in").order("id");
    const ok = data!.find((e) => e.success);
    const fail = data!.find((e) => !e.success);
    expect(ok).toMatchObject({ actor_email: ADMIN_EMAIL, client_ip: "127.0.0.1" });
    expect(ok!.user_agent).toBeTruthy();
    expect(fail).toBeTruthy();
  });

  it("has no public sign-up", async () => {
    const r = await srv.client().auth.signUp({ email: "new@example.com", password: "a long password 1" });
    expect(r.error!.status).toBe(422);
    expect(r.error!.code).toBe("signup_disabled");
  });
});

describe("refresh rotation and sign-out", () => {
  it("rotates refresh tokens; a used token is refused and ends the session", async () => {
    const c = srv.client();
    const s = (await c.auth.signInWithPassword({ email: USER_EMAIL, password: "not an admin 12345" })).data.session!;
    const r1 = await authFetch("/token?grant_type=refresh_token", {
      method: "POST",
      body: JSON.stringify({ refresh_token: s.refresh_token }),
    });
    expect(r1.status).toBe(200);
    const s2 = (await r1.json()) as { refresh_token: string; access_token: string };
    expect(s2.refresh_token).not.toBe(s.refresh_token);
    // Past the reuse interval (the rotation is made to look 11 seconds old), reuse is theft.
    await srv.api.db.query("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where revoked");
    const reuse = await authFetch("/token?grant_type=refresh_token", {
      method: "POST",
      body: JSON.stringify({ refresh_token: s.refresh_token }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" });
    // reuse detection ended the session: the rotated token is dead too
    const after = await authFetch("/token?grant_type=refresh_token", {
      method: "POST",
      body: JSON.stringify({ refresh_token: s2.refresh_token }),
    });
    expect(after.status).toBe(400);
    const unknown = await authFetch("/token?grant_type=refresh_token", { method: "POST", body: JSON.stringify({ refresh_token: "nope" }) });
    expect(await unknown.json()).toEqual({ code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found" });
  });

  it("two tabs refreshing one token at once both get a session, and the session lives on", async () => {
    const c = srv.client();
    const s = (await c.auth.signInWithPassword({ email: USER_EMAIL, password: "not an admin 12345" })).data.session!;
    const refresh = (token: string) =>
      authFetch("/token?grant_type=refresh_token", { method: "POST", body: JSON.stringify({ refresh_token: token }) });
    const [a, b] = await Promise.all([refresh(s.refresh_token), refresh(s.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [sa, sb] = (await Promise.all([a.json(), b.json()])) as { refresh_token: string; access_token: string }[];
    expect(sa!.refresh_token).not.toBe(sb!.refresh_token);
    // Whichever tab's token ends up stored goes on refreshing; the session was not ended.
    for (const token of [sa!.refresh_token, sb!.refresh_token]) expect((await refresh(token)).status).toBe(200);
    const user = await authFetch("/user", { headers: { Authorization: `Bearer ${sb!.access_token}` } });
    expect(user.status).toBe(200);
  });

  it("supabase-js refreshSession emits TOKEN_REFRESHED; a revoked session signs the client out (SIGNED_OUT)", async () => {
    // A server with 2-second access tokens whose clock runs 2.1 s behind the client's: every token it
    // issues has already expired on the client's clock (supabase-js ends the session after a failed
    // refresh only then), without waiting for it to expire.
    const short = await startServer({ env: { JWT_EXPIRY: "2" }, now: () => new Date(Date.now() - 2100) });
    try {
      const c = short.client();
      const events: AuthChangeEvent[] = [];
      c.auth.onAuthStateChange((e) => {
        events.push(e);
      });
      const first = (await c.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data.session!;
      expect(first.expires_in).toBe(2);
      const refreshed = await c.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token);
      expect(events).toContain("SIGNED_IN");
      expect(events).toContain("TOKEN_REFRESHED");
      expect(events).not.toContain("SIGNED_OUT");
      // another device signs out everywhere
      const other = short.client();
      await other.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect((await other.auth.signOut({ scope: "global" })).error).toBeNull();
      const again = await c.auth.refreshSession();
      expect(again.error!.code).toBe("refresh_token_not_found");
      expect(events.at(-1)).toBe("SIGNED_OUT");
      expect((await c.auth.getSession()).data.session).toBeNull();
    } finally {
      await short.close();
    }
  });

  it("logout answers 204 for each scope and ends the right sessions", async () => {
    const a = srv.client();
    const b = srv.client();
    const sa = (await a.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data.session!;
    const sb = (await b.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data.session!;
    const others = await authFetch("/logout?scope=others", { method: "POST", headers: { Authorization: `Bearer ${sa.access_token}` } });
    expect(others.status).toBe(204);
    const userB = await authFetch("/user", { headers: { Authorization: `Bearer ${sb.access_token}` } });
    expect(userB.status).toBe(403);
    expect(((await userB.json()) as { code: string }).code).toBe("session_not_found");
    const userA = await authFetch("/user", { headers: { Authorization: `Bearer ${sa.access_token}` } });
    expect(userA.status).toBe(200);
    const local = await authFetch("/logout?scope=local", { method: "POST", headers: { Authorization: `Bearer ${sa.access_token}` } });
    expect(local.status).toBe(204);
    const gone = await authFetch("/user", { headers: { Authorization: `Bearer ${sa.access_token}` } });
    expect(gone.status).toBe(403);
    const events: AuthChangeEvent[] = [];
    const c = srv.client();
    c.auth.onAuthStateChange((e) => {
      events.push(e);
    });
    await c.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect((await c.auth.signOut()).error).toBeNull();
    expect(events.at(-1)).toBe("SIGNED_OUT");
  });

  it("short-lived tokens expire: PGRST303 on REST and bad_jwt on /user", async () => {
    const { signJwt } = await import("../../server/api/jwt.ts");
    const t = signJwt(
      { role: "authenticated", aud: "authenticated", sub: "x", session_id: "y", exp: Math.floor(Date.now() / 1000) - 1 },
      srv.api.jwtSecret,
    );
    const u = await authFetch("/user", { headers: { Authorization: `Bearer ${t}` } });
    expect(u.status).toBe(403);
    expect(((await u.json()) as { code: string }).code).toBe("bad_jwt");
  });

  it("a token not yet valid (nbf ahead) is refused as such, not as a bad signature", async () => {
    const { signJwt } = await import("../../server/api/jwt.ts");
    const nbf = Math.floor(Date.now() / 1000) + 600;
    const t = signJwt({ role: "authenticated", aud: "authenticated", sub: "x", session_id: "y", nbf, exp: nbf + 600 }, srv.api.jwtSecret);
    const u = await authFetch("/user", { headers: { Authorization: `Bearer ${t}` } });
    expect(u.status).toBe(403);
    expect(await u.json()).toEqual({
      code: "bad_jwt",
      message: "invalid JWT: unable to parse or verify signature, token has invalid claims: token is not valid yet",
    });
    const rest = await fetch(`${srv.url}/rest/v1/blog_posts?select=id`, {
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${t}` },
    });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ code: "PGRST303", message: "JWT not yet valid" });
    const storage = await fetch(`${srv.url}/storage/v1/object/authenticated/blog-images/x.png`, {
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${t}` },
    });
    expect(storage.status).toBe(403);
    expect(await storage.json()).toMatchObject({ message: "jwt not active" });
  });
});
