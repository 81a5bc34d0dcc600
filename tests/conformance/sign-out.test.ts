/**
 * Sign-out means out (beyond Supabase, where an access token lives until it expires): once a session
 * is ended — logout of any scope, or a refresh token used twice — its access token is refused by REST
 * and Storage at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/backends.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, PNG_1PX, startServer, type TestServer } from "../support/api-server.ts";

describe.each(backends)("sign-out on $name", (backend) => {
  let srv: TestServer;
  let teardown: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
  });
  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  const call = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${srv.url}${path}`, {
      ...init,
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${token}`, ...(init.headers as object) },
    });

  async function signIn(): Promise<{ access: string; refresh: string }> {
    const r = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(r.status).toBe(200);
    const j = (await r.json()) as { access_token: string; refresh_token: string };
    return { access: j.access_token, refresh: j.refresh_token };
  }

  const readsLeads = async (token: string) => (await call("/rest/v1/form_submissions?select=id&limit=1", token)).status;
  const uploads = async (token: string) =>
    (
      await call(`/storage/v1/object/blog-images/sign-out/${Date.now()}-${Math.random().toString(36).slice(2)}.png`, token, {
        method: "POST",
        headers: { "Content-Type": "image/png" },
        body: new Uint8Array(PNG_1PX),
      })
    ).status;
  const downloads = async (token: string) => (await call("/storage/v1/object/authenticated/blog-images/sign-out/none.png", token)).status;

  async function expectRefused(token: string) {
    const rest = await call("/rest/v1/form_submissions?select=id&limit=1", token);
    expect(rest.status).toBe(401);
    expect(await rest.json()).toEqual({
      code: "PGRST301",
      details: null,
      hint: null,
      message: "Session from session_id claim in JWT does not exist",
    });
    const up = await call(`/storage/v1/object/blog-images/sign-out/refused.png`, token, {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(PNG_1PX),
    });
    expect(up.status).toBe(403);
    expect(await up.json()).toMatchObject({ statusCode: "403", error: "Unauthorized" });
    expect(await downloads(token)).toBe(403);
  }

  it("logout (global) ends every session of the user at once", async () => {
    const a = await signIn();
    const b = await signIn();
    expect(await readsLeads(a.access)).toBe(200);
    expect(await uploads(a.access)).toBe(200);
    const out = await call("/auth/v1/logout?scope=global", b.access, { method: "POST" });
    expect(out.status).toBe(204);
    await expectRefused(a.access);
    await expectRefused(b.access);
  });

  it("logout (local) ends only that session; logout (others) ends the rest", async () => {
    const one = await signIn();
    const two = await signIn();
    const three = await signIn();
    expect((await call("/auth/v1/logout?scope=local", one.access, { method: "POST" })).status).toBe(204);
    await expectRefused(one.access);
    expect(await readsLeads(two.access)).toBe(200);
    expect((await call("/auth/v1/logout?scope=others", two.access, { method: "POST" })).status).toBe(204);
    await expectRefused(three.access);
    expect(await readsLeads(two.access)).toBe(200);
    expect(await uploads(two.access)).toBe(200);
  });

  it("a refresh token used again after the reuse interval ends the session: old and new access tokens are refused", async () => {
    const first = await signIn();
    const refresh = (token: string) =>
      fetch(`${srv.url}/auth/v1/token?grant_type=refresh_token`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, "Content-Type": "application/json" },
        body: JSON.stringify({ refresh_token: token }),
      });
    const rotated = await refresh(first.refresh);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { access_token: string };
    expect(await readsLeads(second.access_token)).toBe(200);
    // Past the 10-second reuse interval (the rotation is made to look 11 seconds old), reuse is theft.
    await srv.api.db.query("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where revoked");
    const reuse = await refresh(first.refresh);
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { code: string }).code).toBe("refresh_token_already_used");
    await expectRefused(first.access);
    await expectRefused(second.access_token);
  });

  it("anonymous reads and public downloads are unaffected", async () => {
    expect((await call("/rest/v1/blog_posts?select=id&limit=1", srv.api.anonKey)).status).toBe(200);
    expect(await readsLeads(srv.api.anonKey)).toBe(401);
  });
});
