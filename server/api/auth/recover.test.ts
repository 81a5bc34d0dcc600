// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { localeOfRedirect } from "./recover.ts";
import { askedFor, authHarness, userRow } from "./testing.ts";

describe("localeOfRedirect", () => {
  it("is English for a page under /en, Arabic otherwise", () => {
    expect(localeOfRedirect("https://site.example/en/admin/reset")).toBe("en");
    expect(localeOfRedirect("/en")).toBe("en");
    expect(localeOfRedirect("/english")).toBe("ar");
    expect(localeOfRedirect("/admin/reset")).toBe("ar");
    expect(localeOfRedirect(undefined)).toBe("ar");
  });
});

describe("POST /auth/v1/recover", () => {
  const known = (sql: string, params: unknown[]) => {
    if (sql.includes("insert into auth.one_time_tokens")) return [{ expires_at: "2026-01-15T13:00:00Z" }];
    return sql.includes("from auth.users where lower(email)") && params[0] === "admin@example.com" ? [userRow()] : [];
  };

  it("answers 200 {} for a known and an unknown email alike; only the known one gets a link, in the page's language", async () => {
    const h = authHarness(known);
    const en = "?redirect_to=https%3A%2F%2Fsite.example%2Fen%2Fadmin%2Freset";
    expect(await h.call("POST", `/recover${en}`, { body: { email: "Admin@Example.com" } })).toMatchObject({ status: 200, body: {} });
    expect(await h.call("POST", `/recover${en}`, { body: { email: "nobody@example.com" } })).toMatchObject({ status: 200, body: {} });
    await vi.waitFor(() => expect(h.mail).toHaveLength(1));
    const queued = askedFor(h.asked, "insert into public.mail_outbox");
    expect(queued).toHaveLength(1);
    expect(queued[0]!.params.slice(0, 3)).toEqual(["password_recovery", "admin@example.com", "en"]);
  });

  it("drops requests past the per-email limit quietly, and answers 429 past the per-address limit", async () => {
    const h = authHarness(known, {
      recoverEmailLimit: { limit: 1, windowSeconds: 3600 },
      recoverIpLimit: { limit: 3, windowSeconds: 3600 },
    });
    for (let i = 0; i < 3; i++) expect((await h.call("POST", "/recover", { body: { email: "admin@example.com" } })).status).toBe(200);
    const limited = await h.call("POST", "/recover", { body: { email: "admin@example.com" } });
    expect(limited).toMatchObject({ status: 429, body: { code: "over_email_send_rate_limit" } });
    expect(limited.headers["retry-after"]).toBe("3600");
    await vi.waitFor(() => expect(h.mail).toHaveLength(1));
    h.clock.advance(3600_000);
    expect((await h.call("POST", "/recover", { body: { email: "admin@example.com" } })).status).toBe(200);
  });

  it("validates the email", async () => {
    const h = authHarness();
    expect(await h.call("POST", "/recover", { body: {} })).toMatchObject({
      status: 400,
      body: { message: "Password recovery requires an email" },
    });
    expect(await h.call("POST", "/recover", { body: { email: "not an email" } })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
  });
});
