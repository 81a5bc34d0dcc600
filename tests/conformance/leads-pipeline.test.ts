/**
 * How submissions become leads (docs/leads.md): grouped by person through submit-form, the timeline
 * written by the database (created, submitted again, email sent), overdue after 24 hours, erasure, and
 * the migration's backfill of submissions stored before the pipeline existed. PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

const MIGRATION = new URL("../../supabase/migrations/20261124004000_leads_pipeline.sql", import.meta.url);

describe.each(backends)("leads pipeline on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  let owner: SupabaseClient;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client as unknown as SupabaseClient;
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  async function submit(formType: string, payload: Record<string, unknown>, locale = "ar") {
    const submissionId = randomUUID();
    const res = await fetch(`${srv.url}/functions/v1/submit-form`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ formType, payload, path: "/contact", locale, timeZone: "Asia/Dubai", submissionId }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const r = await srv.api.db.query<{ id: string; lead_id: string }>(
      "select id, lead_id from public.form_submissions where submission_id = $1",
      [submissionId],
    );
    return r.rows[0]!;
  }

  const salesLead = (extra: Record<string, unknown>) => ({
    fullName: "Omar Khalid",
    countryCode: "+971",
    phoneNumber: String(extra.phoneNumber ?? "501112233"),
    phone: `+971${String(extra.phoneNumber ?? "501112233")}`,
    country: "UAE",
    city: "Dubai",
    company: "Palm Realty",
    preferredCallTime: "9-5",
    isEnterpriseInterested: false,
    consent: { version: "2026-11-23", marketing: false },
    ...extra,
  });

  it("groups a person's submissions by email, whatever its case, and keeps the latest details", async () => {
    const a = await submit("sales_lead", salesLead({ email: "omar.k@example.com" }), "ar");
    const b = await submit("sales_lead", salesLead({ email: "  Omar.K@Example.COM ", company: "Palm Realty Group" }), "en");
    expect(b.lead_id).toBe(a.lead_id);
    const { data: lead } = await owner.from("leads").select("*").eq("id", a.lead_id).single();
    expect(lead).toMatchObject({
      email: "omar.k@example.com",
      company: "Palm Realty Group",
      locale: "en",
      submission_count: 2,
      status: "new",
      source_form_type: "sales_lead",
      source_page_path: "/contact",
      phone_digits: "971501112233",
    });
    const { data: events } = await owner.from("lead_events").select("kind,submission_id").eq("lead_id", a.lead_id).order("id");
    // (New leads are also assigned round robin: docs/leads.md#markets-and-assignment.)
    expect(events!.map((e) => e.kind).filter((k) => k !== "assigned")).toEqual(["created", "submitted"]);
    expect(events!.filter((e) => e.kind !== "assigned").map((e) => e.submission_id)).toEqual([a.id, b.id]);
  });

  it("a person known by phone who later gives an email stays one lead; no contact at all is a lead alone", async () => {
    // The forms ask for an email; a submission stored without one (an older form, the service role) has only a phone.
    await srv.api.db.query(
      `insert into public.form_submissions (submission_id, form_type, payload) values ($1, 'sales_lead', '{"fullName":"Huda","phone":"+971 50 222 3344"}')`,
      [randomUUID()],
    );
    const phoneOnly = (
      await srv.api.db.query<{ lead_id: string }>(
        "select lead_id from public.form_submissions where payload ->> 'phone' = '+971 50 222 3344'",
      )
    ).rows[0]!;
    const withEmail = await submit("sales_lead", salesLead({ email: "huda@example.com", phoneNumber: "502223344", fullName: "Huda" }));
    expect(withEmail.lead_id).toBe(phoneOnly.lead_id);
    const { data } = await owner.from("leads").select("person_key,email,submission_count").eq("id", phoneOnly.lead_id).single();
    expect(data).toEqual({ person_key: "email:huda@example.com", email: "huda@example.com", submission_count: 2 });

    await srv.api.db.query(
      "insert into public.form_submissions (submission_id, form_type, payload) values ($1, 'sales_lead', '{\"fullName\":\"Nameless\"}'), ($2, 'sales_lead', '{\"fullName\":\"Nameless\"}')",
      [randomUUID(), randomUUID()],
    );
    const r = await srv.api.db.query<{ n: number }>(
      "select count(distinct lead_id)::int as n from public.form_submissions where payload ->> 'fullName' = 'Nameless'",
    );
    expect(r.rows[0]!.n).toBe(2);
  });

  it("an email the mail worker marks sent goes on the lead's timeline", async () => {
    const s = await submit("sales_lead", salesLead({ email: "mail-timeline@example.com" }));
    const ack = await srv.api.db.query<{ id: string }>(
      "select id from public.mail_outbox where submission_id = $1 and kind = 'lead_acknowledgement'",
      [s.id],
    );
    // The worker's own statement (server/mail/worker.ts).
    await srv.api.db.query(
      "update public.mail_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null, response = $2 where id = $1",
      [ack.rows[0]!.id, "250 OK"],
    );
    const { data } = await owner.from("lead_events").select("kind,detail").eq("lead_id", s.lead_id).order("id");
    expect(data!.filter((e) => e.kind !== "assigned")).toEqual([
      { kind: "created", detail: null },
      { kind: "email_sent", detail: "lead_acknowledgement" },
    ]);
  });

  it("a lead new for more than 24 hours is overdue; contacting it clears that", async () => {
    const old = randomUUID();
    const recent = randomUUID();
    await srv.api.db.query(
      `insert into public.form_submissions (submission_id, form_type, payload, created_at) values
         ($1, 'sales_lead', '{"email":"late@example.com"}', now() - interval '24 hours 1 minute'),
         ($2, 'sales_lead', '{"email":"fresh@example.com"}', now() - interval '23 hours 59 minutes')`,
      [old, recent],
    );
    const { data } = await owner
      .from("lead_inbox")
      .select("email,overdue,due_at")
      .in("email", ["late@example.com", "fresh@example.com"])
      .order("email");
    expect(data!.map((r) => [r.email, r.overdue])).toEqual([
      ["fresh@example.com", false],
      ["late@example.com", true],
    ]);
    const overdue = await owner
      .from("lead_inbox")
      .select("id", { count: "exact", head: true })
      .eq("overdue", true)
      .eq("email", "late@example.com");
    expect(overdue.count).toBe(1);
    const dash = await owner.rpc("lead_dashboard", { p_since: new Date(Date.now() - 7 * 86_400_000).toISOString() });
    expect((dash.data as { overdue: number }).overdue).toBeGreaterThanOrEqual(1);
    await owner.from("leads").update({ status: "contacted" }).eq("email", "late@example.com");
    const after = await owner.from("lead_inbox").select("overdue,due_at").eq("email", "late@example.com").single();
    expect(after.data).toEqual({ overdue: false, due_at: null });
  });

  it("erasing a person's data removes their lead, notes and timeline", async () => {
    const s = await submit("sales_lead", salesLead({ email: "erase-me@example.com" }));
    expect((await owner.from("lead_notes").insert({ lead_id: s.lead_id, body: "to be erased" })).error).toBeNull();
    const r = await owner.rpc("erase_personal_data", { p_email: "erase-me@example.com" });
    expect(r.error).toBeNull();
    const left = await srv.api.db.query<{ n: number }>(
      "select (select count(*) from public.leads where id = $1) + (select count(*) from public.lead_events where lead_id = $1) + (select count(*) from public.lead_notes where lead_id = $1) as n",
      [s.lead_id],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it("the migration's backfill turns submissions stored before it into leads with their timeline", async () => {
    const db = srv.api.db;
    await db.query("alter table public.form_submissions disable trigger form_submissions_attach_lead");
    const ids: string[] = [];
    try {
      for (const [email, ago] of [
        ["Back@Fill.test", "3 days"],
        ["back@fill.test", "2 days"],
        ["other@fill.test", "1 day"],
      ]) {
        const r = await db.query<{ id: string }>(
          `insert into public.form_submissions (submission_id, form_type, payload, page_path, created_at)
           values ($1, 'sales_lead', jsonb_build_object('email', $2::text), '/pricing', now() - $3::interval) returning id`,
          [randomUUID(), email, ago],
        );
        ids.push(r.rows[0]!.id);
      }
      await db.query(
        "update public.mail_outbox set status = 'sent', sent_at = now() where submission_id = $1 and kind = 'lead_acknowledgement'",
        [ids[0]],
      );
    } finally {
      await db.query("alter table public.form_submissions enable trigger form_submissions_attach_lead");
    }
    const before = await db.query<{ n: number }>("select count(*)::int as n from public.form_submissions where lead_id is null");
    expect(before.rows[0]!.n).toBe(3);
    // The very block the migration runs.
    const sql = readFileSync(MIGRATION, "utf8");
    const block = sql.slice(sql.indexOf("do $$"));
    // Already-recorded emails would be recorded twice: the backfill runs once, on a database without leads.
    await db.query("delete from public.lead_events where kind = 'email_sent'");
    await db.query(block);
    const after = await db.query<{ lead_id: string | null }>(
      "select lead_id from public.form_submissions where id = any($1::uuid[]) order by created_at",
      [ids],
    );
    const leadIds = after.rows.map((r) => r.lead_id);
    expect(leadIds.every(Boolean)).toBe(true);
    expect(leadIds[0]).toBe(leadIds[1]);
    expect(leadIds[2]).not.toBe(leadIds[0]);
    const lead = await db.query<{ created_at: Date; submission_count: number; status: string; overdue: boolean }>(
      "select created_at, submission_count, status, overdue from public.lead_inbox where id = $1",
      [leadIds[0]],
    );
    expect(lead.rows[0]).toMatchObject({ submission_count: 2, status: "new", overdue: true });
    expect(Date.now() - new Date(lead.rows[0]!.created_at).getTime()).toBeGreaterThan(2.9 * 86_400_000);
    const events = await db.query<{ kind: string }>("select kind from public.lead_events where lead_id = $1 order by created_at, id", [
      leadIds[0],
    ]);
    expect(events.rows.map((e) => e.kind).filter((k) => k !== "assigned")).toEqual(["created", "submitted", "email_sent"]);
  });
});
