// @vitest-environment node
import { describe, expect, it } from "vitest";
import { askedFor, authHarness, userRow } from "./testing.ts";

const live = (sql: string) => (sql.includes("from auth.sessions s join auth.users") ? [userRow()] : []);

describe("POST /auth/v1/logout", () => {
  it("ends this session (local), the others, or all of them (global, the default)", async () => {
    const h = authHarness(live);
    for (const scope of ["local", "others", ""]) {
      expect((await h.call("POST", `/logout${scope ? `?scope=${scope}` : ""}`, { token: h.accessToken() })).status).toBe(204);
    }
    const deletes = askedFor(h.asked, "delete from auth.sessions").map((a) => a.sql);
    expect(deletes).toEqual([
      "delete from auth.sessions where id::text = $1",
      "delete from auth.sessions where user_id = $1 and id::text <> $2",
      "delete from auth.sessions where user_id = $1",
    ]);
  });

  it("refuses an unknown scope and a token without a session", async () => {
    const h = authHarness();
    expect(await h.call("POST", "/logout?scope=everyone", { token: h.accessToken() })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(await h.call("POST", "/logout", { token: h.accessToken() })).toMatchObject({ status: 403, body: { code: "session_not_found" } });
  });
});
