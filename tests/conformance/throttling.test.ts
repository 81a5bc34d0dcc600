/**
 * Throttling without holes: limits are reserved before the work they guard (no parallel race), kept
 * per account across addresses and per address, on sign-in, refresh and form submit; the client
 * address comes from TRUST_PROXY, never from a header anyone can write, and junk in that header never
 * switches a limit off or causes a 5xx.
 */
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/api/jwt.ts";
import { startServer as startApp } from "../../server/app.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, startServer, templateDataDir, type TestServer } from "../support/api-server.ts";

const newsletter = () => ({
  formType: "newsletter",
  payload: { email: `n-${randomUUID().slice(0, 8)}@example.ae` },
  path: "/",
  locale: "en",
  submissionId: randomUUID(),
});

describe("sign-in, refresh and submit limits", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer({
      env: {
        AUTH_SIGNIN_RATE_LIMIT: "5/900",
        AUTH_SIGNIN_ACCOUNT_RATE_LIMIT: "10/900",
        AUTH_SIGNIN_IP_RATE_LIMIT: "30/900",
        AUTH_REFRESH_RATE_LIMIT: "3/60",
        SUBMIT_RATE_LIMIT: "3/60",
      },
    });
  });
  afterAll(async () => {
    await srv?.close();
  });

  const signIn = (email: string, password: string, ip?: string) =>
    fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, "Content-Type": "application/json", ...(ip ? { "X-Forwarded-For": ip } : {}) },
      body: JSON.stringify({ email, password }),
    });
  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((a, s) => ({ ...a, [s]: (a[s] ?? 0) + 1 }), {});

  it("32 parallel wrong passwords for one account from one address: only 5 are checked", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 32 }, (_, i) => signIn("parallel@example.com", `wrong-${i}`, "198.51.100.7").then((r) => r.status)),
    );
    expect(tally(statuses)).toEqual({ 400: 5, 429: 27 });
  });

  it("40 guesses from 40 addresses for one account: only 10 are checked (per-account limit)", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn("spread@example.com", `wrong-${i}`, `203.0.113.${i + 1}`).then((r) => r.status)),
    );
    expect(tally(statuses)).toEqual({ 400: 10, 429: 30 });
  });

  it("one address trying many accounts: 30 checked, then 429 for any account", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await signIn(`user${i}@example.com`, "wrong-password", "192.0.2.99")).status);
    expect(tally(statuses)).toEqual({ 400: 30, 429: 2 });
  });

  it("a success gives its reserved slot back: the right password is not counted as a failure", async () => {
    for (let i = 0; i < 8; i++) expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.200")).status).toBe(200);
  });

  it("refresh is limited per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${srv.url}/auth/v1/token?grant_type=refresh_token`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.50" },
        body: JSON.stringify({ refresh_token: `nope-${i}` }),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it("a non-IP X-Forwarded-For never switches the form limit off and never causes a 5xx", async () => {
    const statuses: number[] = [];
    for (const junk of ["abc", "not an address", "::::", "1.2.3", "999.1.1.1", "<script>", "abc", "dead:beef::zz"]) {
      const r = await fetch(`${srv.url}/functions/v1/submit-form`, {
        method: "POST",
        headers: {
          apikey: srv.api.anonKey,
          Authorization: `Bearer ${srv.api.anonKey}`,
          "Content-Type": "application/json",
          "X-Forwarded-For": junk,
        },
        body: JSON.stringify(newsletter()),
      });
      statuses.push(r.status);
    }
    // All junk counts as the proxy's (here the loopback socket's) address: 3 stored, then 429.
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    const svc = srv.client(srv.api.serviceRoleKey);
    const { data } = await svc.from("form_submissions").select("client_ip").eq("form_type", "newsletter");
    expect(data!.map((r) => r.client_ip)).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1"]);
  });

  it("a non-IP X-Forwarded-For on sign-in is a 400, not a 5xx, and the audit row has the socket address", async () => {
    const r = await signIn("junk-ip@example.com", "wrong", "abc");
    expect(r.status).toBe(400);
    const svc = srv.client(srv.api.serviceRoleKey);
    const { data } = await svc.from("audit_events").select("client_ip").eq("actor_email", "junk-ip@example.com");
    expect(data).toEqual([{ client_ip: "127.0.0.1" }]);
  });
});

describe("TRUST_PROXY decides whether X-Forwarded-For counts at all", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function submitsFrom(trustProxy: string | undefined): Promise<number[]> {
    const dataDir = mkdtempSync(join(tmpdir(), "api-trust-"));
    dirs.push(dataDir);
    cpSync(await templateDataDir(), dataDir, { recursive: true });
    const app = await startApp({
      env: {
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SUBMIT_RATE_LIMIT: "2/60",
        ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
      },
      log: { ...quietLog, error() {} },
    });
    try {
      const anon = apiKeys(readFileSync(join(dataDir, "jwt-secret"), "utf8").trim()).anonKey;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await fetch(`${app.url.replace("localhost", "127.0.0.1")}/functions/v1/submit-form`, {
          method: "POST",
          headers: {
            apikey: anon,
            Authorization: `Bearer ${anon}`,
            "Content-Type": "application/json",
            "X-Forwarded-For": `203.0.113.${i + 1}`,
          },
          body: JSON.stringify(newsletter()),
        });
        statuses.push(r.status);
      }
      return statuses;
    } finally {
      await app.close();
    }
  }

  it("unset: the header is ignored, a visitor cannot get a fresh limit by writing it", async () => {
    expect(await submitsFrom(undefined)).toEqual([201, 201, 429, 429]);
  });

  it("TRUST_PROXY=loopback (behind a local reverse proxy): each forwarded address has its own limit", async () => {
    expect(await submitsFrom("loopback")).toEqual([201, 201, 201, 201]);
  });
});
