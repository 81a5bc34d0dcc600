/**
 * The sales team's side (docs/leads.md#assignment): round robin per market among the sales people who are
 * not away (bookings: among those free at the slot), the assigned person's email through the outbox to a
 * real SMTP server, the overdue email once per overdue period on a test clock, the booking timeline, and
 * who may read and change the new settings.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";
import { postSalesLead } from "../support/sales-lead.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";

const PASSWORD = "a long sales password 42";
const PEOPLE = {
  dubai1: { market: ["uae"], away: false },
  dubai2: { market: ["uae"], away: false },
  dubai3: { market: ["uae"], away: true },
  toronto1: { market: ["canada"], away: false },
  toronto2: { market: ["canada"], away: false },
} as const;
type Person = keyof typeof PEOPLE;
const emailOf = (p: Person) => `${p}@sales.test`;

for (const backend of backends)
  describe(`sales assignment (${backend.name})`, () => {
    let srv: TestServer;
    let smtp: TestSmtp;
    let teardown: (() => Promise<void>) | undefined;
    let svc: SupabaseClient;
    let offsetMs = 0;
    const ids = {} as Record<Person, string>;
    const nameOf = (id: string | null) => (Object.keys(ids) as Person[]).find((p) => ids[p] === id) ?? (id ? "owner" : null);

    const submitLead = async (fullName: string, countryCode: string, phoneNumber: string) => {
      const res = await postSalesLead(srv, {
        fullName,
        email: `${fullName.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}@example.com`,
        countryCode,
        phoneNumber,
        country: countryCode === "+971" ? "UAE" : "Others",
        city: "City",
      });
      expect(res.status).toBe(201);
      const { data } = await svc.from("leads").select("id, owner_id, market_id").eq("full_name", fullName).single();
      return data as { id: string; owner_id: string | null; market_id: string | null };
    };

    beforeAll(async () => {
      smtp = await startSmtp();
      const db = await backend.setup();
      teardown = db.teardown;
      srv = await startServer({
        databaseUrl: db.databaseUrl,
        now: () => new Date(Date.now() + offsetMs),
        env: {
          ...db.env,
          SMTP_URL: smtp.url,
          MAIL_FROM: '"Wasla" <hello@wasla.test>',
          SALES_NOTIFY_EMAIL: "desk@wasla.test",
          PUBLIC_URL: "https://wasla.test",
          MAIL_POLL_MS: "100",
          MAIL_RETRY_BASE_MS: "100",
        },
      });
      svc = srv.client(srv.api.serviceRoleKey) as unknown as SupabaseClient;
      const { ensureUser } = await import("../../server/api/users.ts");
      for (const p of Object.keys(PEOPLE) as Person[]) {
        const u = await srv.api.db.transaction((tx) => ensureUser(tx, emailOf(p), PASSWORD, { admin: false }));
        ids[p] = u.id;
        const { error } = await svc.from("administrators").insert({
          user_id: u.id,
          role: "sales",
          market_ids: [...PEOPLE[p].market],
          away: PEOPLE[p].away,
          locale: p === "dubai1" ? "ar" : "en",
          time_zone: p.startsWith("toronto") ? "America/Toronto" : "Asia/Dubai",
        });
        expect(error).toBeNull();
      }
    }, 120_000);

    afterAll(async () => {
      await srv?.close();
      await teardown?.();
      await smtp?.close();
    });

    it("gives new leads round robin within their market, skipping whoever is away", async () => {
      const uae = [];
      for (let i = 0; i < 4; i++) uae.push(await submitLead(`Gulf Lead ${i}`, "+971", `50123456${i}`));
      const canada = [];
      for (let i = 0; i < 3; i++) canada.push(await submitLead(`Maple Lead ${i}`, "+1", `416555010${i}`));
      expect(uae.map((l) => l.market_id)).toEqual(["uae", "uae", "uae", "uae"]);
      expect(canada.map((l) => l.market_id)).toEqual(["canada", "canada", "canada"]);
      const gulf = uae.map((l) => nameOf(l.owner_id));
      expect(new Set(gulf)).toEqual(new Set(["dubai1", "dubai2"]));
      expect(gulf[0]).not.toBe(gulf[1]);
      expect(gulf[2]).toBe(gulf[0]);
      expect(gulf[3]).toBe(gulf[1]);
      const maple = canada.map((l) => nameOf(l.owner_id));
      expect(new Set(maple)).toEqual(new Set(["toronto1", "toronto2"]));
      expect(maple[2]).toBe(maple[0]);
      // The timeline says the system assigned it.
      const { data: events } = await svc
        .from("lead_events")
        .select("kind, to_value, actor_id")
        .eq("lead_id", uae[0]!.id)
        .eq("kind", "assigned");
      expect(events).toEqual([{ kind: "assigned", to_value: emailOf(gulf[0] as Person), actor_id: null }]);
    });

    it("emails the assigned person at once, in their language, with the sales links", async () => {
      const lead = await submitLead("Mail Lead", "+971", "501112233");
      const who = nameOf(lead.owner_id) as Person;
      const m = await smtp.waitFor((x) => x.to.includes(emailOf(who)) && (x.parsed.text ?? "").includes(lead.id), 60_000);
      const text = m.parsed.text ?? "";
      expect(text).toContain(`/admin/leads?lead=${lead.id}`);
      expect(text).toContain("https://wa.me/971501112233");
      expect(text).toContain("tel:+971501112233");
      if (who === "dubai2") expect(m.parsed.subject).toBe("New lead for you: Mail Lead");
      else expect(m.parsed.subject).not.toContain("New lead for you");
      // The desk still gets the sales notification (SALES_NOTIFY_EMAIL is the default copy list).
      await smtp.waitFor((x) => x.to.includes("desk@wasla.test") && (x.parsed.text ?? "").includes("Mail Lead"));
    });

    it("books demos round robin among the people free at the slot, and refuses when nobody is", async () => {
      const at = new Date(Date.now() + 10 * 86_400_000);
      at.setUTCHours(15, 0, 0, 0);
      const book = async (n: number) => {
        const r = await srv.api.db.query<{ book_demo: string }>(
          "select public.book_demo($1, $2, '/en', 'en', 'America/Toronto', null, null, $3, 'canada')",
          [
            randomUUID(),
            JSON.stringify({ fullName: `Booker ${n}`, email: `booker${n}-${randomUUID().slice(0, 4)}@example.com`, phone: "+14165550199" }),
            at.toISOString(),
          ],
        );
        return r.rows[0]!.book_demo;
      };
      // Free/busy as visitors read it: the slot stays on offer while one of the two Toronto sellers is free.
      const busy = async () =>
        (
          await srv.api.db.query<{ s: Date }>("select public.booking_busy($1, $2, 'canada') as s", [
            new Date(at.getTime() - 3_600_000).toISOString(),
            new Date(at.getTime() + 3_600_000).toISOString(),
          ])
        ).rows.map((r) => new Date(r.s).getTime());
      expect(await busy()).toEqual([]);
      expect(await book(1)).toBe("created");
      expect(await busy()).toEqual([]);
      expect(await book(2)).toBe("created");
      expect(await busy()).toEqual([at.getTime()]);
      await expect(book(3)).rejects.toMatchObject({ code: "23505" });
      const rows = await srv.api.db.query<{ assignee_id: string; lead_owner: string }>(
        `select b.assignee_id, l.owner_id as lead_owner from public.bookings b
         join public.form_submissions s on s.id = b.submission_id join public.leads l on l.id = s.lead_id
         where b.starts_at = $1 and b.market_id = 'canada' order by b.created_at`,
        [at.toISOString()],
      );
      expect(new Set(rows.rows.map((r) => nameOf(r.assignee_id)))).toEqual(new Set(["toronto1", "toronto2"]));
      for (const r of rows.rows) expect(r.lead_owner).toBe(r.assignee_id);
      const first = nameOf(rows.rows[0]!.assignee_id) as Person;
      const m = await smtp.waitFor(
        (x) => x.to.includes(emailOf(first)) && /Demo booked with you: Booker/.test(x.parsed.subject ?? ""),
        60_000,
      );
      expect(m.parsed.text).toContain("(America/Toronto)");
    });

    it("moves and cancels on the lead's timeline, with who did it", async () => {
      const at = new Date(Date.now() + 12 * 86_400_000);
      at.setUTCHours(6, 0, 0, 0);
      const sub = randomUUID();
      await srv.api.db.query("select public.book_demo($1, $2, '/', 'ar', 'Asia/Dubai', null, null, $3, 'uae')", [
        sub,
        JSON.stringify({
          fullName: "Timeline Person",
          email: `timeline-${randomUUID().slice(0, 4)}@example.com`,
          phone: "+971509998877",
          demoDate: at.toISOString().slice(0, 10),
          demoTime: "10:00",
        }),
        at.toISOString(),
      ]);
      const owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client as unknown as SupabaseClient;
      const { data: page } = await owner.rpc("booking_agenda_page", { p_from: at.toISOString(), p_limit: 5 });
      const booking = (page as Array<{ id: string; lead_id: string; full_name: string }>).find((b) => b.full_name === "Timeline Person")!;
      const moved = new Date(at.getTime() + 150 * 60_000);
      expect((await owner.rpc("reschedule_booking", { p_id: booking.id, p_starts_at: moved.toISOString() })).error).toBeNull();
      expect((await owner.rpc("cancel_booking", { p_id: booking.id, p_reason: "client asked" })).error).toBeNull();
      const { data: events } = await owner
        .from("lead_events")
        .select("kind, from_value, to_value, actor_email, detail")
        .eq("lead_id", booking.lead_id)
        .in("kind", ["booking_created", "booking_moved", "booking_cancelled"])
        .order("id");
      expect(events!.map((e) => e.kind)).toEqual(["booking_created", "booking_moved", "booking_cancelled"]);
      expect(Date.parse(events![1]!.from_value!)).toBe(at.getTime());
      expect(Date.parse(events![1]!.to_value!)).toBe(moved.getTime());
      expect(events![1]!.actor_email).toBe(ADMIN_EMAIL);
      expect(events![2]!.actor_email).toBe(ADMIN_EMAIL);
      expect(events![2]!.detail).toBe("client asked");
      // The booking confirmation and its two changes are told apart on the timeline once sent.
      await expect
        .poll(
          async () =>
            (await owner.from("lead_events").select("to_value").eq("lead_id", booking.lead_id).eq("detail", "booking_confirmation")).data
              ?.map((e) => e.to_value ?? "booked")
              .sort(),
          { timeout: 30_000 },
        )
        .toEqual(["booked", "cancelled", "rescheduled"]);
    });

    it("emails the owner of a lead that turned overdue once, after 24 hours on the test clock", async () => {
      const lead = await submitLead("Overdue Lead", "+1", "4165550177");
      const who = nameOf(lead.owner_id) as Person;
      offsetMs = 23 * 3_600_000;
      expect(await srv.api.mail.worker.checkOverdue()).toBe(0);
      offsetMs = 25 * 3_600_000;
      expect(await srv.api.mail.worker.checkOverdue()).toBeGreaterThanOrEqual(1);
      expect(await srv.api.mail.worker.checkOverdue()).toBe(0);
      srv.api.mail.worker.wake();
      const m = await smtp.waitFor((x) => x.to.includes(emailOf(who)) && /^Overdue: Overdue Lead/.test(x.parsed.subject ?? ""), 60_000);
      expect(m.parsed.text).toContain(`/en/admin/leads?lead=${lead.id}`);
      const { count } = await svc
        .from("mail_outbox")
        .select("id", { count: "exact", head: true })
        .eq("kind", "lead_overdue")
        .eq("data->>leadId", lead.id);
      expect(count).toBe(1);
      offsetMs = 0;
    });

    it("copies the owner's recipients; only owners read or change them", async () => {
      const owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client as unknown as SupabaseClient;
      const sales = (await signedIn(srv, emailOf("dubai1"), PASSWORD)).client as unknown as SupabaseClient;
      expect((await sales.from("sales_notify_settings").upsert({ id: true, recipients: ["x@y.test"] })).error?.code).toBe("42501");
      const set = await owner
        .from("sales_notify_settings")
        .upsert({ id: true, recipients: ["Boss@Wasla.test"], include_env_default: false, copy_assignments: true })
        .select()
        .single();
      expect(set.error).toBeNull();
      expect(set.data!.recipients).toEqual(["boss@wasla.test"]);
      expect((await sales.from("sales_notify_settings").select("*")).data).toEqual([]);
      const lead = await submitLead("Copied Lead", "+971", "501234000");
      await smtp.waitFor((x) => x.to.includes("boss@wasla.test") && /New sales lead: Copied Lead/.test(x.parsed.subject ?? ""), 60_000);
      const assigned = await smtp.waitFor(
        (x) => (x.parsed.text ?? "").includes(lead.id) && x.to.includes(emailOf(nameOf(lead.owner_id) as Person)),
        60_000,
      );
      expect(assigned.to).toContain("boss@wasla.test");
      // Sales members cannot give themselves markets or come back from away; owners can.
      const self = await sales.from("administrators").update({ away: true }).eq("user_id", ids.dubai1).select("user_id");
      expect(self.data ?? []).toEqual([]);
      const byOwner = await owner
        .from("administrators")
        .update({ market_ids: ["uae", "canada"] })
        .eq("user_id", ids.dubai3)
        .select("market_ids");
      expect(byOwner.data).toEqual([{ market_ids: ["canada", "uae"] }]);
      expect(
        (
          await owner
            .from("administrators")
            .update({ market_ids: ["mars"] })
            .eq("user_id", ids.dubai3)
        ).error?.code,
      ).toBe("23503");
      // Everyone sets their own zone.
      expect((await sales.rpc("set_my_profile", { p_time_zone: "America/Toronto", p_locale: "en" })).error).toBeNull();
      expect((await sales.rpc("set_my_profile", { p_time_zone: "Mars/Olympus" })).error?.code).toBe("22023");
      await owner
        .from("sales_notify_settings")
        .update({ recipients: [], include_env_default: true, copy_assignments: false })
        .eq("id", true);
    });
  });
