// @vitest-environment node
import { SignJWT, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { NBF_LEEWAY_SECONDS, apiKeys, signJwt, verifyJwt } from "./jwt.ts";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
const NOW = new Date(Date.UTC(2026, 0, 15, 12));
const t = NOW.getTime() / 1000;
const key = new TextEncoder().encode(SECRET);

describe("signJwt", () => {
  it("produces what jose's SignJWT produces, byte for byte, and jose verifies it", async () => {
    const claims = { role: "authenticated", sub: "u1", iat: t, exp: t + 60, amr: [{ method: "password", timestamp: t }] };
    const ours = signJwt(claims, SECRET);
    const jose = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
    expect(ours).toBe(jose);
    const { payload } = await jwtVerify(ours, key, { currentDate: NOW });
    expect(payload).toEqual(claims);
  });

  it("makes the same API keys on every start (fixed times), with the anon and service_role roles", async () => {
    const a = apiKeys(SECRET);
    expect(apiKeys(SECRET)).toEqual(a);
    const anon = await verifyJwt(a.anonKey, SECRET, NOW);
    const service = await verifyJwt(a.serviceRoleKey, SECRET, NOW);
    expect(anon.ok && anon.claims.role).toBe("anon");
    expect(service.ok && service.claims.role).toBe("service_role");
  });
});

describe("verifyJwt", () => {
  it("accepts a token signed with the secret and returns its claims", async () => {
    const v = await verifyJwt(signJwt({ role: "anon", exp: t + 1 }, SECRET), SECRET, NOW);
    expect(v).toEqual({ ok: true, claims: { role: "anon", exp: t + 1 } });
  });

  it("refuses another secret's signature, and a tampered payload, as a bad signature", async () => {
    expect(await verifyJwt(signJwt({ role: "anon" }, `${SECRET}-other`), SECRET, NOW)).toEqual({ ok: false, reason: "signature" });
    const [h, , s] = signJwt({ role: "anon" }, SECRET).split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ role: "service_role" })).toString("base64url")}.${s}`;
    expect(await verifyJwt(forged, SECRET, NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("says expired at exp (no leeway), using the clock it is given", async () => {
    const token = signJwt({ role: "anon", exp: t + 10 }, SECRET);
    expect((await verifyJwt(token, SECRET, new Date((t + 9) * 1000))).ok).toBe(true);
    expect(await verifyJwt(token, SECRET, new Date((t + 10) * 1000))).toEqual({ ok: false, reason: "expired" });
    expect(await verifyJwt(signJwt(JSON.parse('{"role":"anon","exp":"soon"}'), SECRET), SECRET, NOW)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("says not yet valid (not a bad signature) when nbf is further ahead than the leeway", async () => {
    const soon = signJwt({ role: "anon", nbf: t + NBF_LEEWAY_SECONDS }, SECRET);
    expect((await verifyJwt(soon, SECRET, NOW)).ok).toBe(true);
    const later = signJwt({ role: "anon", nbf: t + NBF_LEEWAY_SECONDS + 1 }, SECRET);
    expect(await verifyJwt(later, SECRET, NOW)).toEqual({ ok: false, reason: "not_yet_valid" });
    // Within the leeway, an expired token is still expired.
    expect(await verifyJwt(signJwt({ role: "anon", nbf: t + 5, exp: t }, SECRET), SECRET, NOW)).toEqual({ ok: false, reason: "expired" });
    // A forged token with a future nbf is a bad signature, whatever its nbf.
    expect(await verifyJwt(signJwt({ role: "anon", nbf: t + 3600 }, `${SECRET}-other`), SECRET, NOW)).toEqual({
      ok: false,
      reason: "signature",
    });
  });

  it("refuses other algorithms, including none", async () => {
    const body = Buffer.from(JSON.stringify({ role: "service_role" })).toString("base64url");
    const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: "JWT" })).toString("base64url");
    expect(await verifyJwt(`${header("none")}.${body}.`, SECRET, NOW)).toEqual({ ok: false, reason: "algorithm" });
    const hs512 = await new SignJWT({ role: "anon" }).setProtectedHeader({ alg: "HS512" }).sign(new TextEncoder().encode(SECRET.repeat(2)));
    expect(await verifyJwt(hs512, SECRET, NOW)).toEqual({ ok: false, reason: "algorithm" });
  });

  it("calls anything that does not decode malformed", async () => {
    for (const junk of [
      "",
      "abc",
      "a.b",
      "a.b.c.d",
      "###.###.###",
      `${Buffer.from("{}").toString("base64url")}.${Buffer.from("[1]").toString("base64url")}.x`,
    ]) {
      expect(await verifyJwt(junk, SECRET, NOW), junk).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
