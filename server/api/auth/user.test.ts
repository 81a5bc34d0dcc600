// @vitest-environment node
import { describe, expect, it } from "vitest";
import { PASSWORD, askedFor, authHarness, userRow } from "./testing.ts";

const live =
  (user = userRow()) =>
  (sql: string) =>
    sql.includes("from auth.sessions s join auth.users") ? [user] : [];

describe("GET /auth/v1/user", () => {
  it("answers the user of a live session", async () => {
    const h = authHarness(live());
    expect(await h.call("GET", "/user", { token: h.accessToken() })).toMatchObject({
      status: 200,
      body: { id: userRow().id, email: "admin@example.com", aud: "authenticated" },
    });
  });

  it("needs a bearer token whose session still exists", async () => {
    const h = authHarness();
    expect(await h.call("GET", "/user")).toMatchObject({ status: 401, body: { code: "no_authorization" } });
    expect(await h.call("GET", "/user", { token: h.accessToken() })).toMatchObject({ status: 403, body: { code: "session_not_found" } });
    expect(await h.call("GET", "/user", { token: h.accessToken({ sub: "" }) })).toMatchObject({
      status: 403,
      body: { code: "bad_jwt", message: "invalid claim: missing sub claim" },
    });
  });

  it("tells an expired token, a token not valid yet and a forged one apart, on the API clock", async () => {
    const h = authHarness(live());
    const token = h.accessToken();
    h.clock.advance(3600_000);
    expect(await h.call("GET", "/user", { token })).toMatchObject({
      status: 403,
      body: { code: "bad_jwt", message: "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired" },
    });
    const t = Math.floor(h.clock.now().getTime() / 1000);
    expect(await h.call("GET", "/user", { token: h.accessToken({ nbf: t + 600 }) })).toMatchObject({
      status: 403,
      body: {
        code: "bad_jwt",
        message: "invalid JWT: unable to parse or verify signature, token has invalid claims: token is not valid yet",
      },
    });
    const forged = `${h.accessToken().slice(0, -4)}AAAA`;
    expect(await h.call("GET", "/user", { token: forged })).toMatchObject({
      status: 403,
      body: { code: "bad_jwt", message: "invalid JWT: unable to parse or verify signature, signature is invalid" },
    });
  });
});

describe("PUT /auth/v1/user", () => {
  it("sets a new password that meets the policy, ends the other sessions and activates an invited member", async () => {
    const user = userRow();
    const h = authHarness((sql) =>
      sql.includes("from auth.sessions s join auth.users") || sql.startsWith("update auth.users") ? [user] : [],
    );
    const res = await h.call("PUT", "/user", { token: h.accessToken(), body: { password: "a much longer passphrase 2026" } });
    expect(res).toMatchObject({ status: 200, body: { id: user.id } });
    expect(askedFor(h.asked, "delete from auth.sessions where user_id = $1 and id::text <> $2")).toHaveLength(1);
    expect(askedFor(h.asked, "set accepted_at = now()")).toHaveLength(1);
    expect(askedFor(h.asked, "'password_changed'")).toHaveLength(1);
  });

  it("refuses a weak password, the same password, and an email change", async () => {
    const h = authHarness(live());
    expect(await h.call("PUT", "/user", { token: h.accessToken(), body: { password: "short" } })).toMatchObject({
      status: 422,
      body: { code: "weak_password" },
    });
    expect(await h.call("PUT", "/user", { token: h.accessToken(), body: { password: PASSWORD } })).toMatchObject({
      status: 422,
      body: { code: "same_password" },
    });
    expect(await h.call("PUT", "/user", { token: h.accessToken(), body: { email: "x@example.com" } })).toMatchObject({
      status: 422,
      body: { code: "validation_failed" },
    });
    expect(askedFor(h.asked, "encrypted_password =")).toHaveLength(0);
  });
});
