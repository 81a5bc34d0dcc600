/**
 * Bounded queries: a filter built to keep the database busy is refused (both backends) or cancelled
 * by the role's statement timeout (PostgreSQL), and anonymous traffic cannot take the connections a
 * lead submission needs.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withRole } from "../../server/api/context.ts";
import { openPostgres, PoolBusyError } from "../../server/db/database.ts";
import { backends } from "../support/backends.ts";
import { nextFreeSlot, startServer, type TestServer } from "../support/api-server.ts";

const lead = () => ({
  formType: "demo_booking",
  payload: { fullName: "Omar Saeed", email: "omar@example.ae", phone: "+971501234567", company: "", ...nextFreeSlot() },
  path: "/",
  submissionId: randomUUID(),
});

/** The request of issue 13: a catastrophic regular expression on a public column, no key but anon. */
const CATASTROPHIC = "(.*){1,255}(.*){1,255}(.*){1,255}x";

for (const backend of backends) {
  describe(`bounded queries (${backend.name})`, () => {
    let srv: TestServer;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      const b = await backend.setup();
      teardown = b.teardown;
      srv = await startServer({
        databaseUrl: b.databaseUrl,
        env: { ...b.env, DATABASE_POOL_SIZE: "4", DATABASE_ACQUIRE_TIMEOUT_MS: "300" },
      });
    });
    afterAll(async () => {
      await srv?.close();
      await teardown?.();
    });

    const anon = (path: string) => fetch(`${srv.url}/rest/v1/${path}`, { headers: { apikey: srv.api.anonKey } });
    const submit = () =>
      fetch(`${srv.url}/functions/v1/submit-form`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
        body: JSON.stringify(lead()),
      });

    it("refuses the catastrophic regex with a clear 400 while a lead and a public read go through", async () => {
      const done: string[] = [];
      const track = <T>(name: string, p: Promise<T>) => p.then((v) => (done.push(name), v));
      const [bad, posted, read] = await Promise.all([
        track("bad", anon(`blog_posts?select=id&content=match.${encodeURIComponent(CATASTROPHIC)}`)),
        track("lead", submit()),
        track("read", anon("blog_posts?select=slug&published=is.true")),
      ]);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        code: "2201B",
        message: expect.stringMatching(/^invalid regular expression: counted repetitions are limited/),
      });
      expect(posted.status).toBeLessThan(300);
      expect(read.status).toBe(200);
      expect(done).toHaveLength(3);
    });

    it.each([
      ["back-references", "(a)\\1", /back-references/],
      ["nested repetition", "(a+)+$", /repeated group may not contain a repetition/],
      ["lookahead", "(?=a)b", /lookahead/],
      ["a long run after .*", `.*a${".".repeat(40)}z`, /too large/],
      ["an over-long pattern", "a".repeat(101), /too long/],
    ])("refuses %s, in filters and in or= trees", async (_name, pattern, why) => {
      for (const path of [
        `blog_posts?select=id&title=imatch.${encodeURIComponent(pattern)}`,
        `blog_posts?select=id&or=(${encodeURIComponent(`title.match."${pattern}"`)},slug.eq.x)`,
        `blog_posts?select=id&title=match(any).${encodeURIComponent(`{${pattern}}`)}`,
      ]) {
        const res = await anon(path);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toMatchObject({ code: "2201B", message: expect.stringMatching(why) });
      }
    });

    it("keeps ordinary patterns working", async () => {
      const res = await anon(
        `blog_posts?select=slug&title=imatch.${encodeURIComponent("(?i)dubai|abu dhabi|invest")}&content=match.${encodeURIComponent("[a-z]{3,10}")}`,
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
      const like = await anon(`blog_posts?select=slug&title=ilike.*${encodeURIComponent("dubai")}*`);
      expect(like.status).toBe(200);
    });

    if (backend.name === "PostgreSQL") {
      it("gives every API role hosted Supabase's statement timeout, and cancels a statement over it (57014)", async () => {
        const shown: Record<string, string> = {};
        for (const role of ["anon", "authenticated", "service_role"] as const) {
          shown[role] = await withRole(
            srv.api.db,
            role,
            { role },
            async (tx) => (await tx.query<{ t: string }>("select current_setting('statement_timeout') as t")).rows[0]!.t,
          );
        }
        expect(shown).toEqual({ anon: "3s", authenticated: "8s", service_role: "15s" });
        const t0 = Date.now();
        await expect(withRole(srv.api.db, "anon", { role: "anon" }, (tx) => tx.query("select pg_sleep(10)"))).rejects.toMatchObject({
          code: "57014",
        });
        expect(Date.now() - t0).toBeLessThan(9_000); // cancelled, not run to its end
      });

      it("keeps connections for lead submissions while API requests hold all theirs, and answers 504 PGRST003 with Retry-After", async () => {
        // Pool of 4: 2 for API requests, 2 reserved. Hold both API connections with slow statements.
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        const holders = [0, 1].map(() =>
          withRole(srv.api.db, "authenticated", { role: "authenticated" }, async (tx) => {
            await tx.query("select 1");
            await gate;
          }),
        );
        await new Promise((r) => setTimeout(r, 100));
        const busy = await anon("blog_posts?select=slug");
        expect(busy.status).toBe(504);
        expect(busy.headers.get("retry-after")).toBe("1");
        expect(await busy.json()).toMatchObject({ code: "PGRST003" });
        const posted = await submit();
        expect(posted.status).toBeLessThan(300); // went through while every API connection was held
        release();
        await Promise.all(holders);
        expect((await anon("blog_posts?select=slug")).status).toBe(200);
      });
    }
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("the pool's API lane", () => {
  it("times out API transactions beyond the lane and lets the others through first", async () => {
    const b = await backends.find((x) => x.name === "PostgreSQL")!.setup();
    const db = await openPostgres(b.databaseUrl!, { max: 3, reserved: 1, acquireTimeoutMs: 200 });
    try {
      const order: string[] = [];
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const held = [1, 2].map((i) => db.transaction(async () => void (await gate, order.push(`api${i}`)), { lane: "api" }));
      await expect(db.transaction(async () => 1, { lane: "api" })).rejects.toBeInstanceOf(PoolBusyError);
      await db.transaction(async (tx) => void (await tx.query("select 1"), order.push("reserved")));
      release();
      await Promise.all(held);
      expect(order).toEqual(["reserved", "api1", "api2"]);
    } finally {
      await db.close();
      await b.teardown();
    }
  });
});
