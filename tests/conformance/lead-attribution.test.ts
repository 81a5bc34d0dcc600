/**
 * Where each lead came from (docs/attribution.md), against the embedded API on PGlite and PostgreSQL:
 * the submit-form function checks the visit's touches and classifies their channels; the submission,
 * its lead (first touch kept, latest replaced), its booking's submission and its newsletter subscriber
 * hold them; the inbox filters by original channel and campaign through its own query
 * (src/features/admin-leads/api/list-leads.ts); hostile attribution gets a 400 and stores nothing.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { listLeadsPage } from "../../src/features/admin-leads/api/list-leads";
import { defaultLeadQuery, type LeadQuery } from "../../src/features/admin-leads/lib/pipeline";
import type { Touch } from "../../src/lib/attribution/attribution";
import { addDays, dateInZone, slotsOfDay } from "../../src/lib/booking/availability.ts";
import { DEFAULT_MARKETS } from "../../src/lib/booking/markets.ts";
import type { Database } from "../../src/lib/database.types";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

const at = "2026-11-27T08:00:00.000Z";
const whatsapp: Touch = { source: "whatsapp", campaign: "dubai-q1", landingPage: "/en/blog/speed", at };
const google: Touch = { referrer: "www.google.ae", landingPage: "/blog", at };
const direct: Touch = { landingPage: "/contact", at };

describe.each(backends)("lead attribution on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  let owner: SupabaseClient<Database>;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: { ...b.env, SUBMIT_RATE_LIMIT: "off" } });
    owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client as unknown as SupabaseClient<Database>;
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  const post = (body: Record<string, unknown>) =>
    fetch(`${srv.url}/functions/v1/submit-form`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  /** Posts and expects it stored (201), saying why not. */
  const stored201 = async (body: Record<string, unknown>) => {
    const res = await post(body);
    expect(res.status, await res.clone().text()).toBe(201);
  };
  const sql = async <T>(q: string, params: unknown[] = []) => (await srv.api.db.query<T>(q, params)).rows;

  const salesLead = (email: string) => ({
    fullName: "Omar Khalid",
    email,
    countryCode: "+971",
    phoneNumber: "501112233",
    phone: "+971501112233",
    country: "UAE",
    city: "Dubai",
    company: "Palm Realty",
    preferredCallTime: "9-5",
    isEnterpriseInterested: false,
    consent: { version: "2026-11-23", marketing: false },
  });
  const envelope = (formType: string, payload: Record<string, unknown>, attribution?: unknown) => ({
    formType,
    payload,
    path: "/en/contact",
    locale: "en",
    submissionId: randomUUID(),
    ...(attribution === undefined ? {} : { attribution }),
  });
  const leadOf = async (submissionId: string) =>
    (
      await sql<{ lead_id: string; attribution: unknown }>(
        "select lead_id, attribution from public.form_submissions where submission_id = $1",
        [submissionId],
      )
    )[0];
  const search = async (q: Partial<LeadQuery>) => (await listLeadsPage(owner, { ...defaultLeadQuery, kind: "all", ...q })).rows;

  it("stores the touches with their channels; the lead keeps its first and takes the latest", async () => {
    const email = `attr-${randomUUID().slice(0, 8)}@example.com`;
    const one = envelope("sales_lead", salesLead(email), { first: whatsapp, latest: whatsapp });
    await stored201(one);
    const stored = await leadOf(one.submissionId);
    expect(stored!.attribution).toEqual({
      first: { ...whatsapp, channel: "whatsapp", locale: "en" },
      latest: { ...whatsapp, channel: "whatsapp", locale: "en" },
    });
    const two = envelope("sales_lead", salesLead(email), { first: google, latest: direct });
    await stored201(two);
    const { data: lead } = await owner
      .from("lead_inbox")
      .select("first_touch,latest_touch,source_channel,source_campaign,latest_channel")
      .eq("id", stored!.lead_id)
      .single();
    expect(lead).toMatchObject({
      first_touch: { channel: "whatsapp", campaign: "dubai-q1", landingPage: "/en/blog/speed" },
      latest_touch: { channel: "direct", landingPage: "/contact", locale: "ar" },
      source_channel: "whatsapp",
      source_campaign: "dubai-q1",
      latest_channel: "direct",
    });
    // A retry of the same submission changes nothing.
    expect((await post({ ...two, attribution: { first: whatsapp, latest: google } })).status).toBe(200);
    expect((await leadOf(two.submissionId))!.attribution).toMatchObject({ latest: { channel: "direct" } });
  });

  it("a booking and a newsletter sign-up carry theirs; a form sent without one is 'not recorded'", async () => {
    const m = DEFAULT_MARKETS[0]!;
    let day = addDays(dateInZone(new Date(), m.timeZone), 9);
    while (!slotsOfDay(day, new Date(), m).length) day = addDays(day, 1);
    const booking = envelope(
      "demo_booking",
      {
        fullName: "Sara Ali",
        email: `book-${randomUUID().slice(0, 8)}@example.com`,
        phone: "+971501234567",
        demoDate: day,
        demoTime: "12:00",
      },
      { first: google, latest: { ...google, clickIds: ["gclid"] } },
    );
    await stored201(booking);
    const [b] = await sql<{ channel: string }>(
      `select s.attribution -> 'latest' ->> 'channel' as channel from public.bookings k
         join public.form_submissions s on s.id = k.submission_id where s.submission_id = $1`,
      [booking.submissionId],
    );
    expect(b!.channel).toBe("paid_search");

    const reader = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const news = envelope("newsletter", { email: reader }, { first: { ...direct, source: "newsletter", medium: "email" }, latest: direct });
    await stored201(news);
    const [sub] = await sql<{ channel: string }>(
      "select attribution -> 'first' ->> 'channel' as channel from public.newsletter_subscribers where lower(email) = $1",
      [reader],
    );
    expect(sub!.channel).toBe("email");

    const bare = envelope("sales_lead", salesLead(`bare-${randomUUID().slice(0, 8)}@example.com`));
    await stored201(bare);
    const { lead_id } = (await leadOf(bare.submissionId))!;
    expect((await search({ channel: "unknown" })).map((r) => r.id)).toContain(lead_id);
    expect((await search({ channel: "whatsapp" })).map((r) => r.id)).not.toContain(lead_id);
  });

  it("the inbox filters by original channel and by campaign (first or latest, any case)", async () => {
    const a = envelope("sales_lead", salesLead(`f-a-${randomUUID().slice(0, 8)}@example.com`), {
      first: { ...whatsapp, campaign: "Spring-Launch-2027" },
      latest: direct,
    });
    const b = envelope("sales_lead", salesLead(`f-b-${randomUUID().slice(0, 8)}@example.com`), {
      first: google,
      latest: { ...direct, source: "facebook", campaign: "spring-launch-2027", clickIds: ["fbclid"] },
    });
    for (const e of [a, b]) await stored201(e);
    const la = (await leadOf(a.submissionId))!.lead_id;
    const lb = (await leadOf(b.submissionId))!.lead_id;
    expect((await search({ campaign: "spring-launch" })).map((r) => r.id).sort()).toEqual([la, lb].sort());
    const organic = (await search({ channel: "organic_search" })).map((r) => r.id);
    expect(organic).toContain(lb);
    expect(organic).not.toContain(la);
    expect((await search({ channel: "whatsapp", campaign: "SPRING" })).map((r) => r.id)).toEqual([la]);
  });

  it.each<[string, unknown]>([
    ["a click id's value", { first: { ...whatsapp, gclid: "Cj0KCQ" }, latest: whatsapp }],
    ["a referrer URL with a query", { first: { ...whatsapp, referrer: "https://x.test/?email=a@b.c" }, latest: whatsapp }],
    ["a 5 KB campaign", { first: { ...whatsapp, campaign: "x".repeat(5000) }, latest: whatsapp }],
    ["a channel chosen by the client", { first: { ...whatsapp, channel: "paid_search" }, latest: whatsapp }],
    ["no latest touch", { first: whatsapp }],
    ["not an object", "utm_source=x"],
  ])("refuses %s with 400 naming the field, and stores nothing", async (_name, attribution) => {
    const e = envelope("sales_lead", salesLead(`bad-${randomUUID().slice(0, 8)}@example.com`), attribution);
    const res = await post(e);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).join(" ")).toMatch(/^attribution/);
    expect(await leadOf(e.submissionId)).toBeUndefined();
  });

  it("the database refuses a malformed attribution from any other writer", async () => {
    await expect(
      sql("select public.submission_attribute($1, $2)", [randomUUID(), JSON.stringify({ first: { channel: "billboard" }, latest: {} })]),
    ).rejects.toThrow(/attribution/);
    await expect(
      sql(
        `insert into public.form_submissions (submission_id, form_type, payload, attribution)
         values ($1, 'newsletter', '{"email":"x@y.z"}', '{"first": 1}')`,
        [randomUUID()],
      ),
    ).rejects.toThrow(/form_submissions_attribution_check/);
  });
});
