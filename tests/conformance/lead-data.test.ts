/**
 * Lead data staff can trust (docs/leads.md): the lead's country as an ISO code set by the database from
 * each submission (and backfilled), newsletter subscribers apart from sales leads (never overdue,
 * counted apart, a lead from their first sales or booking form), and the inbox's search finding a
 * phone number in any form and its country filter finding a country by name in Arabic or English,
 * through the inbox's own query (src/features/admin-leads/api/list-leads.ts). PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { listLeadsPage } from "../../src/features/admin-leads/api/list-leads";
import { defaultLeadQuery, type LeadQuery } from "../../src/features/admin-leads/lib/pipeline";
import type { Database } from "../../src/lib/database.types";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

const MIGRATION = new URL("../../supabase/migrations/20261127020000_lead_country_and_subscribers.sql", import.meta.url);

describe.each(backends)("lead data on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  let owner: SupabaseClient<Database>;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client as unknown as SupabaseClient<Database>;
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  /** Stores a submission as any writer would (the trigger attaches it); returns its lead. */
  async function store(formType: string, payload: Record<string, unknown>, ago = "0 seconds"): Promise<string> {
    const ins = await srv.api.db.query<{ id: string }>(
      `insert into public.form_submissions (submission_id, form_type, payload, created_at)
       values ($1, $2, $3::jsonb, now() - $4::interval) returning id`,
      [randomUUID(), formType, JSON.stringify(payload), ago],
    );
    const r = await srv.api.db.query<{ lead_id: string }>("select lead_id from public.form_submissions where id = $1", [ins.rows[0]!.id]);
    return r.rows[0]!.lead_id;
  }
  const inbox = async (id: string) => {
    const { data, error } = await owner.from("lead_inbox").select("country_code,kind,status,overdue,due_at").eq("id", id).single();
    expect(error).toBeNull();
    return data!;
  };
  const search = async (q: Partial<LeadQuery>) => (await listLeadsPage(owner, { ...defaultLeadQuery, kind: "all", ...q })).rows;

  it("sets the country from the form's ISO code, the article country, the sales lead's group or city, or a dial code only one country has", async () => {
    const cases: Array<[string, Record<string, unknown>, string | null]> = [
      ["sales_lead", { email: "iso@c.test", countryIso: "sa", country: "UAE", phone: "+971501234567" }, "SA"],
      ["demo_booking", { email: "article-ca@c.test", country: "canada", phone: "+14165550100" }, "CA"],
      ["demo_booking", { email: "article-uk@c.test", country: "uk", phone: "+447700900123" }, "GB"],
      ["demo_booking", { email: "article-other@c.test", country: "other", phone: "+966501234567" }, "SA"],
      ["sales_lead", { email: "group-uae@c.test", country: "UAE", city: "Dubai", countryCode: "+971", phoneNumber: "501234567" }, "AE"],
      ["sales_lead", { email: "others-ca@c.test", country: "Others", city: "Canada", countryCode: "+1", phoneNumber: "4165550100" }, "CA"],
      [
        "sales_lead",
        { email: "others-sa@c.test", country: "Others", city: "Saudi Arabia", countryCode: "+966", phoneNumber: "501234567" },
        "SA",
      ],
      ["sales_lead", { email: "others-dial@c.test", country: "Others", city: "", countryCode: "+20", phoneNumber: "1001234567" }, "EG"],
      // +1 is shared by Canada, the United States and the Caribbean: the number alone says nothing.
      ["sales_lead", { email: "others-plus1@c.test", country: "Others", city: "", countryCode: "+1", phoneNumber: "4165550100" }, null],
      ["demo_booking", { email: "intl@c.test", phone: "00971501234567" }, "AE"],
      // a local number without its calling code: "501…" is not Belize's +501
      ["demo_booking", { email: "local@c.test", phone: "501234567" }, null],
      ["newsletter", { email: "nothing@c.test" }, null],
    ];
    for (const [type, payload, expected] of cases) {
      const id = await store(type, payload);
      expect([payload.email, (await inbox(id)).country_code]).toEqual([payload.email, expected]);
    }
    // the latest submission that says a country wins; one that says none keeps it
    const id = await store("sales_lead", { email: "mover@c.test", country: "Others", city: "Canada" });
    await store("newsletter", { email: "mover@c.test" });
    expect((await inbox(id)).country_code).toBe("CA");
    await store("demo_booking", { email: "mover@c.test", country: "uae" });
    expect((await inbox(id)).country_code).toBe("AE");
  });

  it("the country filter finds leads by the country's name in Arabic or English", async () => {
    const stamp = Date.now();
    await store("sales_lead", { email: `f-ca-${stamp}@c.test`, fullName: `Filter ${stamp}`, country: "Others", city: "Canada" });
    await store("sales_lead", { email: `f-sa-${stamp}@c.test`, fullName: `Filter ${stamp}`, countryIso: "SA" });
    await store("sales_lead", { email: `f-ae-${stamp}@c.test`, fullName: `Filter ${stamp}`, country: "UAE" });
    const emails = async (country: string) => (await search({ country, q: `Filter ${stamp}` })).map((r) => r.email?.split("-")[1]).sort();
    expect(await emails("Canada")).toEqual(["ca"]);
    expect(await emails("كندا")).toEqual(["ca"]);
    expect(await emails("Saudi")).toEqual(["sa"]);
    expect(await emails("السعودية")).toEqual(["sa"]);
    expect(await emails("uae")).toEqual(["ae"]);
    expect(await emails("الإمارات")).toEqual(["ae"]);
    expect(await emails("Atlantis")).toEqual([]);
  });

  it("a newsletter subscriber is never overdue and is counted apart; their first sales form makes them a lead with 24 hours from it", async () => {
    const email = `reader-${Date.now()}@c.test`;
    const id = await store("newsletter", { email }, "3 days");
    expect(await inbox(id)).toMatchObject({ kind: "subscriber", status: "new", overdue: false, due_at: null });
    expect((await search({ q: email, kind: "" })).length).toBe(0);
    expect((await search({ q: email, kind: "subscribers" })).map((r) => r.id)).toEqual([id]);
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const before = (await owner.rpc("lead_dashboard", { p_since: since })).data as Record<string, number>;
    expect(before.subscribers).toBeGreaterThanOrEqual(1);

    expect(await store("sales_lead", { email, fullName: "Now a lead" }, "1 hour")).toBe(id);
    const lead = await inbox(id);
    expect(lead).toMatchObject({ kind: "lead", status: "new", overdue: false });
    const hoursLeft = (new Date(lead.due_at!).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(22.9);
    expect(hoursLeft).toBeLessThan(23.1);
    expect((await search({ q: email, kind: "" })).map((r) => r.id)).toEqual([id]);
    const after = (await owner.rpc("lead_dashboard", { p_since: since })).data as Record<string, number>;
    expect(after.subscribers).toBe(before.subscribers! - 1);
    expect(after.total).toBe(before.total! + 1);
    expect(after.overdue).toBe(before.overdue);

    // a subscriber who sent a sales form 25 hours ago and no reply since: overdue, 24 hours after that form
    const late = `late-reader-${Date.now()}@c.test`;
    const lateId = await store("newsletter", { email: late }, "5 days");
    await store("sales_lead", { email: late }, "25 hours");
    expect(await inbox(lateId)).toMatchObject({ kind: "lead", overdue: true });
  });

  it("the migration's backfill sets the country and a former subscriber's clock", async () => {
    const db = srv.api.db;
    const email = `backfill-${Date.now()}@c.test`;
    await db.query("alter table public.form_submissions disable trigger form_submissions_lead_data");
    let id: string;
    try {
      id = await store("newsletter", { email }, "10 days");
      await store("sales_lead", { email, country: "Others", city: "Canada" }, "2 hours");
    } finally {
      await db.query("alter table public.form_submissions enable trigger form_submissions_lead_data");
    }
    expect(await inbox(id)).toMatchObject({ country_code: null, kind: "lead", overdue: true });
    const sql = readFileSync(MIGRATION, "utf8");
    await db.query(sql.slice(sql.indexOf("do $$")));
    expect(await inbox(id)).toMatchObject({ country_code: "CA", kind: "lead", overdue: false });
  });

  it("finds a phone number in its national and international forms", async () => {
    // Four digits, never starting with 0 ("00…" typed is an international prefix, and the searches below differ then).
    const stamp = String(1000 + (Date.now() % 9000));
    const phone = `+97150${stamp}567`;
    const id = await store("sales_lead", { email: `phone-${stamp}@c.test`, phone });
    // stored before the phone rule dropped the trunk 0 after the dial code
    const legacy = await store("sales_lead", { email: `legacy-${stamp}@c.test`, countryCode: "+971", phoneNumber: `055${stamp}567` });
    for (const q of [
      `050${stamp}567`,
      `50${stamp}567`,
      `+971 50 ${stamp.slice(0, 3)} ${stamp.slice(3)}567`,
      `0097150${stamp}567`,
      `97150${stamp}567`,
    ]) {
      expect([q, (await search({ q })).map((r) => r.id)]).toEqual([q, [id]]);
    }
    for (const q of [`055${stamp}567`, `+97155${stamp}567`, `971 55 ${stamp}567`]) {
      expect([q, (await search({ q })).map((r) => r.id)]).toEqual([q, [legacy]]);
    }
    // bare digits are also text: an email holding them is found too
    const digitsInEmail = await store("newsletter", { email: `omar${stamp}567@c.test` });
    expect((await search({ q: `${stamp}567` })).map((r) => r.id).sort()).toEqual([id, legacy, digitsInEmail].sort());
    expect((await search({ q: `0${stamp}567` })).map((r) => r.id).sort()).toEqual([id, legacy].sort());
    const plan = await srv.api.db.query<{ "QUERY PLAN": string }>(
      "explain select id from public.lead_inbox where phone_digits_reversed like '7654321059%'",
    );
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/leads_phone_digits_reversed_idx/);
  });
});
