// @vitest-environment node
import { describe, expect, it } from "vitest";
import { hashToken } from "../one-time-tokens.ts";
import { authHarness, userRow } from "./testing.ts";
import { redirectTarget } from "./verify.ts";

describe("redirectTarget", () => {
  it("follows redirect_to only within the site, without its fragment", () => {
    expect(redirectTarget("https://site.example/", "https://site.example/en/admin/reset#x")).toBe("https://site.example/en/admin/reset");
    expect(redirectTarget("https://site.example", "/admin/reset")).toBe("https://site.example/admin/reset");
    expect(redirectTarget("https://site.example", "https://evil.example/admin")).toBe("https://site.example/admin");
    expect(redirectTarget("https://site.example", "//evil.example/admin")).toBe("https://site.example/admin");
    expect(redirectTarget("https://site.example", undefined)).toBe("https://site.example/admin");
  });
});

describe("/auth/v1/verify", () => {
  /** A database in which the one-time token "good" belongs to the user. */
  const links = (sql: string, params: unknown[]) => {
    if (sql.includes("one_time_tokens")) return params[0] === hashToken("good") ? [{ user_id: userRow().id }] : [];
    if (sql.startsWith("update auth.users")) return [userRow()];
    return [];
  };

  it("POST: refuses an unknown type or a missing token, and answers 403 otp_expired for a link that does not work", async () => {
    const h = authHarness();
    expect(await h.call("POST", "/verify", { body: { type: "signup", token_hash: "x" } })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(await h.call("POST", "/verify", { body: { type: "recovery" } })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(await h.call("POST", "/verify", { body: { type: "recovery", token_hash: "used" } })).toMatchObject({
      status: 403,
      body: { code: "otp_expired", message: "Email link is invalid or has expired" },
    });
  });

  it("GET: a 303 to the page with the error in the fragment, not cached", async () => {
    const h = authHarness();
    const res = await h.call("GET", "/verify?type=invite&token=used&redirect_to=%2Fen%2Fadmin%2Fwelcome");
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(
      "https://site.example/en/admin/welcome#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    );
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("GET: a working link starts a session and hands it over in the fragment", async () => {
    const h = authHarness(links);
    const res = await h.call("GET", "/verify?type=recovery&token=good");
    expect(res.status).toBe(303);
    const fragment = new URLSearchParams(String(res.headers.location).split("#")[1]);
    expect(String(res.headers.location)).toMatch(/^https:\/\/site\.example\/admin#/);
    expect(fragment.get("type")).toBe("recovery");
    expect(fragment.get("access_token")).toMatch(/^ey/);
    expect(fragment.get("expires_in")).toBe("3600");
  });
});
