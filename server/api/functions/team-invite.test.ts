// @vitest-environment node
import { describe, expect, it } from "vitest";
import { signJwt } from "../jwt.ts";
import { harness, manualClock, scriptedDb } from "../testing.ts";
import { verifyCredentials } from "../http.ts";
import { functionsRouter } from "./index.ts";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
const ANON = signJwt({ role: "anon" }, SECRET);
const OWNER = "33333333-3333-4333-8333-333333333333";
const owner = signJwt({ role: "authenticated", sub: OWNER }, SECRET);

function setup(isOwner: boolean, invitesPerHour = 30) {
  const { db, asked } = scriptedDb((sql) => {
    if (sql.includes("has_role('owner')")) return [{ ok: isOwner }];
    if (sql.includes("insert into auth.one_time_tokens")) return [{ expires_at: "2026-01-18T12:00:00Z" }];
    if (sql.includes("select email from auth.users")) return [{ email: "owner@example.com" }];
    if (sql.includes("insert into auth.users")) return [{ id: "44444444-4444-4444-8444-444444444444", email: "new@example.com" }];
    return [];
  });
  const clock = manualClock();
  const router = functionsRouter({
    db,
    jwtSecret: SECRET,
    submitLimit: null,
    inviteLimit: { limit: invitesPerHour, windowSeconds: 3600 },
    onError: (e) => {
      throw e;
    },
    log: () => {},
    now: clock.now,
  });
  const send = harness("/functions/v1", router, [verifyCredentials(SECRET, clock.now)]);
  const invite = (token: string, body: unknown) =>
    send("POST", "/functions/v1/team-invite", { headers: { apikey: ANON, authorization: `Bearer ${token}` }, body });
  return { invite, send, asked, clock };
}

describe("POST /functions/v1/team-invite", () => {
  it("only a signed-in owner may invite", async () => {
    expect(await setup(true).invite(ANON, {})).toMatchObject({ status: 401, body: { error: "not_signed_in" } });
    expect(await setup(false).invite(owner, { email: "a@example.com", role: "editor" })).toMatchObject({
      status: 403,
      body: { error: "forbidden" },
    });
  });

  it("refuses bad input with the field", async () => {
    const { invite } = setup(true);
    expect(await invite(owner, { email: "nope", role: "editor" })).toMatchObject({
      status: 400,
      body: { error: "invalid_input", fields: { email: "A valid email address is required" } },
    });
    expect(await invite(owner, { email: "a@example.com", role: "admin" })).toMatchObject({
      status: 400,
      body: { fields: { role: "The role must be owner, editor or sales" } },
    });
    expect(await invite(owner, { email: "a@example.com", role: "sales", locale: "fr" })).toMatchObject({
      status: 400,
      body: { fields: { locale: "The language must be ar or en" } },
    });
    expect(await invite(owner, "[]")).toMatchObject({
      status: 400,
      body: { error: "invalid_input", message: "The body must be a JSON object" },
    });
  });

  it("invites: an account without a usable password, an invited member, a link by email in the language asked", async () => {
    const { invite, asked } = setup(true);
    const res = await invite(owner, { email: "New@Example.com", role: "sales", locale: "en" });
    expect(res).toMatchObject({ status: 201, body: { email: "new@example.com", role: "sales", status: "invited" } });
    expect(asked.find((a) => a.sql.includes("insert into public.administrators"))!.params).toEqual([
      "44444444-4444-4444-8444-444444444444",
      "sales",
      OWNER,
    ]);
    expect(asked.find((a) => a.sql.includes("mail_outbox"))!.params.slice(0, 2)).toEqual(["new@example.com", "en"]);
  });

  it("limits invitations per owner on the API clock, and answers other methods 405", async () => {
    const { invite, send, clock } = setup(true, 1);
    expect((await invite(owner, { email: "a@example.com", role: "editor" })).status).toBe(201);
    const limited = await invite(owner, { email: "b@example.com", role: "editor" });
    expect(limited).toMatchObject({ status: 429, body: { error: "rate_limited" } });
    clock.advance(3600_000);
    expect((await invite(owner, { email: "b@example.com", role: "editor" })).status).toBe(201);
    expect(await send("GET", "/functions/v1/team-invite", { headers: { apikey: ANON } })).toMatchObject({
      status: 405,
      body: { error: "method_not_allowed" },
    });
  });
});
