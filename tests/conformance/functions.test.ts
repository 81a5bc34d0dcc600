import { randomUUID } from "node:crypto";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextFreeSlot, startServer, type TestServer } from "../support/api-server.ts";

let srv: TestServer;

beforeAll(async () => {
  srv = await startServer({ env: { SUBMIT_RATE_LIMIT: "12/60" } });
});
afterAll(async () => {
  await srv?.close();
});

const demo = () => ({
  formType: "demo_booking",
  payload: {
    fullName: "Layla Haddad",
    email: "layla@example.ae",
    phone: "+971501234567",
    company: "Marina Homes",
    // Every booking takes its own slot: one confirmed booking per slot (booking-race.test.ts).
    ...nextFreeSlot(),
  },
  path: "/en/blog/dubai-off-plan-investment-guide",
  locale: "en",
  timeZone: "Asia/Dubai",
  submissionId: randomUUID(),
});

const svc = () => srv.client(srv.api.serviceRoleKey);

async function rowsFor(submissionId: string) {
  const { data, error } = await svc().from("form_submissions").select("*").eq("submission_id", submissionId);
  if (error) throw error;
  return data!;
}

function post(body: unknown, init: { headers?: Record<string, string>; raw?: string } = {}) {
  return fetch(`${srv.url}/functions/v1/submit-form`, {
    method: "POST",
    headers: {
      apikey: srv.api.anonKey,
      Authorization: `Bearer ${srv.api.anonKey}`,
      "Content-Type": "application/json",
      "User-Agent": "conformance-test",
      ...init.headers,
    },
    body: init.raw ?? JSON.stringify(body),
  });
}

describe("submit-form", () => {
  it("stores a valid submission with path, locale, time zone, user agent and address, answering 201 after commit", async () => {
    const body = demo();
    const { data, error } = await srv.client().functions.invoke("submit-form", { body });
    expect(error).toBeNull();
    expect(data).toEqual({ id: body.submissionId, status: "stored" });
    const rows = await rowsFor(body.submissionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      form_type: "demo_booking",
      page_path: body.path,
      locale: "en",
      time_zone: "Asia/Dubai",
      client_ip: "127.0.0.1",
    });
    expect(rows[0]!.payload).toMatchObject({ fullName: "Layla Haddad", email: "layla@example.ae" });
    expect(rows[0]!.user_agent).toBeTruthy();
  });

  it("is idempotent on submissionId: a retry answers 200 with the same id and stores no second row", async () => {
    const body = demo();
    const a = await post(body);
    expect(a.status).toBe(201);
    const b = await post(body);
    expect(b.status).toBe(200);
    expect(await b.json()).toEqual({ id: body.submissionId, status: "stored" });
    expect(await rowsFor(body.submissionId)).toHaveLength(1);
  });

  it("keeps one newsletter row per address, whatever the letter case, answering 2xx", async () => {
    const first = { formType: "newsletter", payload: { email: "News@Example.com" }, path: "/", submissionId: randomUUID() };
    const second = { ...first, payload: { email: "news@example.COM" }, submissionId: randomUUID() };
    expect((await post(first)).status).toBe(201);
    const again = await post(second);
    expect(again.status).toBeGreaterThanOrEqual(200);
    expect(again.status).toBeLessThan(300);
    const { data } = await svc()
      .from("form_submissions")
      .select("id")
      .eq("form_type", "newsletter")
      .ilike("payload->>email", "news@example.com");
    expect(data).toHaveLength(1);
  });

  it("rejects invalid input with 400 naming the fields, and stores nothing", async () => {
    const body = demo();
    body.payload.email = "not-an-email";
    body.payload.demoDate = "2020-01-01";
    const { data, error } = await srv.client().functions.invoke("submit-form", { body });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(400);
    const j = (await res.json()) as { error: string; message: string; fields: Record<string, string> };
    expect(j.error).toBe("invalid_input");
    expect(Object.keys(j.fields).sort()).toEqual(["payload.demoDate", "payload.email"]);
    expect(j.fields["payload.email"]).toBe("Please enter a valid email address");
    expect(await rowsFor(body.submissionId)).toHaveLength(0);
    const unknownType = await post({ ...demo(), formType: "admin_login" });
    expect(unknownType.status).toBe(400);
    expect(((await unknownType.json()) as { fields: Record<string, string> }).fields).toHaveProperty("formType");
    const extra = await post({ ...demo(), payload: { ...demo().payload, isAdmin: true } });
    expect(extra.status).toBe(400);
  });

  it("drops honeypot-filled submissions but answers as if stored", async () => {
    const body = { ...demo(), website: "http://spam.example" };
    const res = await post(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: body.submissionId, status: "stored" });
    expect(await rowsFor(body.submissionId)).toHaveLength(0);
  });

  it("answers 405 to other methods, 415 to non-JSON, 413 to oversize bodies, 400 to malformed JSON", async () => {
    const get = await fetch(`${srv.url}/functions/v1/submit-form`, {
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}` },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toContain("POST");
    const text = await post(null, { raw: "hello", headers: { "Content-Type": "text/plain" } });
    expect(text.status).toBe(415);
    const big = await post({ ...demo(), payload: { ...demo().payload, company: "x".repeat(40_000) } });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe("payload_too_large");
    const bad = await post(null, { raw: '{"formType": "newsletter",' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("invalid_json");
    const noKey = await fetch(`${srv.url}/functions/v1/submit-form`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(noKey.status).toBe(401);
    const unknownFn = await srv.client().functions.invoke("nope", { body: {} });
    expect(((unknownFn.error as FunctionsHttpError).context as Response).status).toBe(404);
  });

  it("rate-limits per client address with 429 and Retry-After (exposed to browsers)", async () => {
    let last: Response | null = null;
    for (let i = 0; i < 14; i++) {
      last = await post(demo());
      if (last.status === 429) break;
      await last.body?.cancel();
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("access-control-expose-headers")).toContain("Retry-After");
    expect(((await last!.json()) as { error: string }).error).toBe("rate_limited");
  });
});
