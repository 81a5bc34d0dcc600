/**
 * Rate limits counted once per cluster (docs/backend.md, "Rate limits"): through two servers on one
 * PostgreSQL, one client address gets exactly the documented number of form submissions (10 a minute)
 * and of wrong sign-in guesses (5 per account and address), whichever server answers, also when the
 * requests arrive in parallel. PostgreSQL only (TEST_DATABASE_URL); PGlite is one process, whose
 * in-memory limits throttling.test.ts covers.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

const postgres = backends.find((b) => b.name === "PostgreSQL");
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((a, s) => ({ ...a, [s]: (a[s] ?? 0) + 1 }), {});

describe.skipIf(!postgres)("limits through two servers on one PostgreSQL", () => {
  let a: TestServer;
  let b: TestServer;
  let teardown = async () => {};
  beforeAll(async () => {
    const setup = await postgres!.setup();
    teardown = setup.teardown;
    // The documented defaults (the test servers otherwise raise them).
    const env = { ...setup.env, SUBMIT_RATE_LIMIT: "10/60", AUTH_SIGNIN_RATE_LIMIT: "5/900", AUTH_SIGNIN_ACCOUNT_RATE_LIMIT: "10/900" };
    a = await startServer({ databaseUrl: setup.databaseUrl, env });
    b = await startServer({ databaseUrl: setup.databaseUrl, env });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await teardown();
  });

  const submit = (srv: TestServer, ip: string) =>
    fetch(`${srv.url}/functions/v1/submit-form`, {
      method: "POST",
      headers: {
        apikey: srv.api.anonKey,
        Authorization: `Bearer ${srv.api.anonKey}`,
        "Content-Type": "application/json",
        "X-Forwarded-For": ip,
      },
      body: JSON.stringify({
        formType: "newsletter",
        payload: { email: `n-${randomUUID().slice(0, 8)}@example.ae` },
        path: "/",
        locale: "en",
        submissionId: randomUUID(),
      }),
    }).then((r) => r.status);
  const signIn = (srv: TestServer, email: string, password: string, ip: string) =>
    fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status);

  it("10 form submissions a minute per address, in total over both servers", async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(i % 2 ? a : b, "198.51.100.20")));
    const ok = statuses.filter((s) => s === 200 || s === 201).length;
    expect(ok).toBe(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Another address has its own count.
    expect([200, 201]).toContain(await submit(a, "198.51.100.21"));
  });

  it("5 wrong guesses per account and address, in total over both servers; the right password still works elsewhere", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => signIn(i % 2 ? a : b, ADMIN_EMAIL, `wrong-${i}`, "198.51.100.30")),
    );
    expect(tally(statuses)).toEqual({ 400: 5, 429: 19 });
    // The right password from the same address is refused too (the limit is before the check)…
    expect(await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.30")).toBe(429);
    // …but from another address it works, on either server, and gives its slot back.
    expect(await signIn(b, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.31")).toBe(200);
  });

  it("10 guesses per account from many addresses, in total over both servers", async () => {
    const email = "spread-cluster@example.com";
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(i % 2 ? a : b, email, `wrong-${i}`, `203.0.113.${i + 1}`)),
    );
    expect(tally(statuses)).toEqual({ 400: 10, 429: 30 });
  });

  it("counts in one table, and a window that ended starts again", async () => {
    const rows = await a.api.db.query<{ key: string; count: number }>(
      "select key, count from embedded.rate_limits where key = 'submit:198.51.100.20'",
    );
    expect(rows.rows[0]!.count).toBe(30); // every submission counted, the refused ones too
    await a.api.db.query("update embedded.rate_limits set reset_at = now() - interval '1 second' where key = 'submit:198.51.100.20'");
    expect([200, 201]).toContain(await submit(b, "198.51.100.20"));
  });
});
