// @vitest-environment node
import { describe, expect, it } from "vitest";
import { verifyJwt } from "../jwt.ts";
import { PASSWORD, SECRET, askedFor, authHarness, userRow } from "./testing.ts";

const signIn = (email: string, password: string) => ({ body: { email, password } });

describe("POST /auth/v1/token", () => {
  it("refuses grants other than password and refresh_token", async () => {
    const { call } = authHarness();
    expect(await call("POST", "/token?grant_type=client_credentials", { body: {} })).toMatchObject({
      status: 400,
      body: { code: "unsupported_grant_type", message: "unsupported_grant_type" },
    });
  });

  it("requires the gateway's API key", async () => {
    const { call } = authHarness();
    const none = await call("POST", "/token?grant_type=password", { headers: { apikey: "" }, ...signIn("a@example.com", "x") });
    expect(none).toMatchObject({ status: 401, body: { message: "No API key found in request" } });
    const forged = await call("POST", "/token?grant_type=password", { headers: { apikey: "a.b.c" }, ...signIn("a@example.com", "x") });
    expect(forged).toMatchObject({ status: 401, body: { message: "Invalid API key" } });
  });
});

describe("password grant", () => {
  it("signs in: a session row, a refresh token, and an access token issued at the API clock's time", async () => {
    const user = userRow();
    const h = authHarness((sql) =>
      sql.includes("from auth.users where lower(email)") || sql.startsWith("update auth.users") ? [user] : [],
    );
    const res = await h.call("POST", "/token?grant_type=password", signIn(" Admin@Example.com ", PASSWORD));
    expect(res.status).toBe(200);
    const body = res.body as { access_token: string; expires_at: number; expires_in: number; refresh_token: string; user: { id: string } };
    const iat = Math.floor(h.clock.now().getTime() / 1000);
    expect(body).toMatchObject({ token_type: "bearer", expires_in: 3600, expires_at: iat + 3600, user: { id: user.id } });
    const v = await verifyJwt(body.access_token, SECRET, h.clock.now());
    expect(v.ok && v.claims).toMatchObject({
      iat,
      exp: iat + 3600,
      iss: "https://site.example/auth/v1",
      sub: user.id,
      role: "authenticated",
      aal: "aal1",
    });
    expect(askedFor(h.asked, "insert into auth.sessions")).toHaveLength(1);
    expect(askedFor(h.asked, "insert into auth.refresh_tokens")[0]!.params[0]).toMatch(/^[0-9a-f]{64}$/); // stored hashed
    expect(askedFor(h.asked, "audit_events")[0]!.params.slice(1, 3)).toEqual(["admin@example.com", true]);
    expect(askedFor(h.asked, "audit_events")[0]!.params[4]).toBe("203.0.113.7");
  });

  it("answers a wrong password, an unknown email and a banned user alike, and audits each", async () => {
    const user = userRow({ banned_until: "2027-01-01T00:00:00Z" });
    const h = authHarness((sql, params) => (sql.includes("from auth.users where lower(email)") && params[0] === user.email ? [user] : []));
    for (const [email, password] of [
      ["admin@example.com", "wrong"],
      ["nobody@example.com", PASSWORD],
      ["admin@example.com", PASSWORD],
    ]) {
      expect(await h.call("POST", "/token?grant_type=password", signIn(email!, password!))).toMatchObject({
        status: 400,
        body: { code: "invalid_credentials", message: "Invalid login credentials" },
      });
    }
    expect(askedFor(h.asked, "audit_events").map((a) => a.params[3])).toEqual(
      Array(3).fill(JSON.stringify({ reason: "invalid_credentials" })),
    );
  });

  it("validates the body", async () => {
    const { call } = authHarness();
    expect(await call("POST", "/token?grant_type=password", { body: { password: "x" } })).toMatchObject({
      status: 400,
      body: { message: "missing email or phone" },
    });
    expect(await call("POST", "/token?grant_type=password", { body: "{" })).toMatchObject({ status: 400, body: { code: "bad_json" } });
    expect(await call("POST", "/token?grant_type=password", { body: { email: `${"a".repeat(400)}@x.com`, password: "x" } })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(await call("POST", "/token?grant_type=password", { body: { email: "a@x.com", password: "x".repeat(17 * 1024) } })).toMatchObject(
      { status: 413, body: { code: "request_too_large" } },
    );
  });

  it("throttles failures per email and address on the API clock, auditing once per window", async () => {
    const h = authHarness(() => [], { signInLimit: { limit: 2, windowSeconds: 60 } });
    const attempt = () => h.call("POST", "/token?grant_type=password", signIn("admin@example.com", "wrong"));
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited).toMatchObject({ status: 429, body: { code: "over_request_rate_limit", message: "Request rate limit reached" } });
    expect(limited.headers["retry-after"]).toBe("60");
    h.clock.advance(30_000);
    expect((await attempt()).headers["retry-after"]).toBe("30");
    const throttled = () => askedFor(h.asked, "audit_events").filter((a) => a.params[3] === JSON.stringify({ reason: "throttled" }));
    expect(throttled()).toHaveLength(1);
    h.clock.advance(30_000);
    expect((await attempt()).status).toBe(400);
  });
});

describe("refresh grant", () => {
  it("answers an unknown refresh token with GoTrue's 400", async () => {
    const { call } = authHarness();
    expect(await call("POST", "/token?grant_type=refresh_token", { body: { refresh_token: "nope" } })).toMatchObject({
      status: 400,
      body: { code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found" },
    });
    expect(await call("POST", "/token?grant_type=refresh_token", { body: {} })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
  });

  it("rotates: the old token revoked, a child token stored hashed, a new access token", async () => {
    const user = userRow();
    const row = { id: "t1", user_id: user.id, session_id: "s1", revoked: false, amr: "2026-01-15T11:00:00Z" };
    const h = authHarness((sql) =>
      sql.includes("from auth.refresh_tokens t join") ? [row] : sql.includes("from auth.users where id") ? [user] : [],
    );
    const res = await h.call("POST", "/token?grant_type=refresh_token", { body: { refresh_token: "old-token" } });
    expect(res.status).toBe(200);
    expect((res.body as { refresh_token: string }).refresh_token).not.toBe("old-token");
    expect(askedFor(h.asked, "set revoked = true")).toHaveLength(1);
    expect(askedFor(h.asked, "parent_hash")).toHaveLength(1);
  });

  it("ends the session when a token rotated longer ago than the reuse interval comes back", async () => {
    const row = { id: "t1", user_id: "u", session_id: "s1", revoked: true, amr: "2026-01-15T11:00:00Z" };
    const h = authHarness((sql) => (sql.includes("from auth.refresh_tokens t join") ? [row] : []));
    expect(await h.call("POST", "/token?grant_type=refresh_token", { body: { refresh_token: "reused" } })).toMatchObject({
      status: 400,
      body: { code: "refresh_token_already_used" },
    });
    expect(askedFor(h.asked, "delete from auth.sessions")[0]!.params).toEqual(["s1"]);
  });

  it("limits refreshes per address", async () => {
    const h = authHarness(() => [], { refreshIpLimit: { limit: 1, windowSeconds: 300 } });
    expect((await h.call("POST", "/token?grant_type=refresh_token", { body: { refresh_token: "x" } })).status).toBe(400);
    const limited = await h.call("POST", "/token?grant_type=refresh_token", { body: { refresh_token: "x" } });
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("300");
  });
});
