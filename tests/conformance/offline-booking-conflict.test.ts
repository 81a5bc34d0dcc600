/**
 * Nothing a visitor sent is ever dropped (docs/product.md#submit): a demo booking that waited in the
 * browser outbox (its envelope carries `queuedAt`) and finds its slot taken is stored anyway, as a lead
 * without a booking (payload.bookingConflict), with one 'booking_slot_lost' mail to sales (the sales
 * notification's recipients), no booking confirmation to the visitor, and a lead event; the answer is 409
 * `stored: true` with the id and the next free slots. A retry of the same submission stores and mails
 * nothing more. An online booking (no queuedAt) keeps the plain 409 with nothing stored.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotTimes } from "../../src/lib/booking/availability.ts";
import { startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";

function bookableDays(count: number): string[] {
  const out: string[] = [];
  const d = new Date(Date.now() + 3 * 86_400_000);
  while (out.length < count) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
const SLOTS = bookableDays(3).flatMap((date) => slotTimes().map((time) => ({ date, time })));

const booking = (slot: { date: string; time: string }, email: string, extra: Record<string, unknown> = {}) => ({
  formType: "demo_booking",
  payload: { fullName: "Layla Nasser", email, phone: "+971501234567", company: "Palm Realty", demoDate: slot.date, demoTime: slot.time },
  path: "/en/blog/x",
  locale: "en",
  timeZone: "Asia/Dubai",
  submissionId: randomUUID(),
  ...extra,
});

for (const backend of backends)
  describe(`offline booking conflicts (${backend.name})`, () => {
    let srv: TestServer;
    let smtp: TestSmtp;
    let teardown = async () => {};
    let next = 0;
    const slot = () => SLOTS[next++]!;

    beforeAll(async () => {
      smtp = await startSmtp();
      const b = await backend.setup();
      teardown = b.teardown;
      srv = await startServer({
        databaseUrl: b.databaseUrl,
        env: {
          ...b.env,
          SUBMIT_RATE_LIMIT: "off",
          SMTP_URL: smtp.url,
          MAIL_FROM: '"Wasla" <hello@wasla.test>',
          SALES_NOTIFY_EMAIL: "sales@wasla.test, manager@wasla.test",
          PUBLIC_URL: "https://wasla.test",
          MAIL_POLL_MS: "100",
        },
      });
    });
    afterAll(async () => {
      await srv?.close();
      await teardown();
      await smtp?.close();
    });

    const post = (body: unknown) =>
      fetch(`${srv.url}/functions/v1/submit-form`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const service = () => srv.client(srv.api.serviceRoleKey);
    async function stored(submissionId: string) {
      const { data, error } = await service().from("form_submissions").select("id, payload, lead_id").eq("submission_id", submissionId);
      if (error) throw error;
      return data!;
    }
    async function mailsOf(id: string) {
      const { data, error } = await service().from("mail_outbox").select("kind, status, recipient, data").eq("submission_id", id);
      if (error) throw error;
      return data!;
    }

    it("a queued booking whose time had passed when it arrived is kept as a lead too (slot_passed); online, the same is a 400", async () => {
      const d = new Date(Date.now() - 3 * 86_400_000);
      while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
      const past = { date: d.toISOString().slice(0, 10), time: "10:00" };
      const queuedAt = new Date(Date.parse(`${past.date}T00:00:00Z`) - 2 * 86_400_000).toISOString();
      expect((await post(booking(past, `late-online-${randomUUID()}@example.com`))).status).toBe(400);

      const email = `late-${randomUUID()}@example.com`;
      const body = booking(past, email, { queuedAt });
      const res = await post(body);
      expect(res.status).toBe(409);
      const answer = (await res.json()) as { stored: boolean; reason: string; nextSlots: { start: string }[] };
      expect(answer).toMatchObject({ stored: true, reason: "slot_passed" });
      expect(answer.nextSlots.length).toBeGreaterThan(0);
      expect(answer.nextSlots.every((n) => Date.parse(n.start) > Date.now())).toBe(true);
      const rows = await stored(body.submissionId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.payload).toMatchObject({ email, bookingConflict: { reason: "slot_passed", queuedAt } });
      expect((await service().from("bookings").select("id").eq("submission_id", rows[0]!.id)).data).toEqual([]);
      expect((await mailsOf(rows[0]!.id)).filter((m) => m.kind === "booking_slot_lost")).toHaveLength(1);
      // Retried: the same answer, nothing stored twice.
      expect((await post(body)).status).toBe(409);
      expect(await stored(body.submissionId)).toHaveLength(1);
      // A queuedAt in the future, or months old, is not believed: a plain 400.
      for (const q of [new Date(Date.now() + 3_600_000).toISOString(), new Date(Date.now() - 90 * 86_400_000).toISOString()]) {
        expect((await post(booking(past, `late-${randomUUID()}@example.com`, { queuedAt: q }))).status).toBe(400);
      }
    });

    it("a queued booking whose slot was taken is kept as a lead, sales get one slot-lost mail, 409 stored with the next free slots", async () => {
      const s = slot();
      expect((await post(booking(s, `online-${randomUUID()}@example.com`))).status).toBe(201);
      const email = `offline-${randomUUID()}@example.com`;
      const queuedAt = new Date(Date.now() - 3_600_000).toISOString();
      const body = booking(s, email, { queuedAt });
      const res = await post(body);
      expect(res.status).toBe(409);
      const answer = (await res.json()) as {
        error: string;
        stored: boolean;
        id: string;
        requested: { date: string; time: string; start: string };
        nextSlots: { date: string; time: string }[];
      };
      expect(answer).toMatchObject({ error: "slot_taken", stored: true, id: body.submissionId, requested: { date: s.date, time: s.time } });
      expect(answer.nextSlots).toHaveLength(5);
      expect(answer.nextSlots.some((n) => n.date === s.date && n.time === s.time)).toBe(false);

      const rows = await stored(body.submissionId);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row.payload).toMatchObject({
        email,
        demoDate: s.date,
        demoTime: s.time,
        bookingConflict: { requestedStart: answer.requested.start.replace(/\.000Z$/, "Z"), reason: "slot_taken", queuedAt },
      });
      const bookings = await service().from("bookings").select("id").eq("submission_id", row.id);
      expect(bookings.data).toEqual([]);
      expect(row.lead_id).toBeTruthy();
      const events = await service().from("lead_events").select("kind, to_value, submission_id").eq("lead_id", row.lead_id!);
      expect(events.data!.filter((e) => e.kind === "booking_slot_lost")).toEqual([
        { kind: "booking_slot_lost", to_value: expect.stringContaining(s.date), submission_id: row.id },
      ]);

      const mails = await mailsOf(row.id);
      expect(mails.map((m) => m.kind).sort()).toEqual(["booking_confirmation", "booking_slot_lost", "lead_webhook"]);
      expect(mails.find((m) => m.kind === "booking_confirmation")!.status).toBe("skipped");
      const sales = await smtp.waitFor((m) => m.raw.includes(email) && m.to.includes("sales@wasla.test"));
      expect(sales.to).toEqual(["sales@wasla.test", "manager@wasla.test"]);
      expect(sales.parsed.subject).toBe("Demo time lost, call back: Layla Nasser");
      const text = sales.parsed.text ?? "";
      expect(text).toContain("Requested time (office time)");
      expect(text).toContain(`https://wasla.test/en/admin/leads?lead=${row.id}`);
      expect(text).not.toContain("bookingConflict");
      expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(0);

      // A retry of the same submission: the same 409 stored answer, nothing stored or mailed again.
      const again = await post(body);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ stored: true, id: body.submissionId });
      expect(await stored(body.submissionId)).toHaveLength(1);
      expect((await mailsOf(row.id)).filter((m) => m.kind === "booking_slot_lost")).toHaveLength(1);
      const events2 = await service().from("lead_events").select("kind").eq("lead_id", row.lead_id!).eq("kind", "booking_slot_lost");
      expect(events2.data).toHaveLength(1);
    });

    it("a queued booking whose slot is free books it as usual (201), and its retry is 200", async () => {
      const body = booking(slot(), `free-${randomUUID()}@example.com`, { queuedAt: new Date().toISOString() });
      expect((await post(body)).status).toBe(201);
      expect((await post(body)).status).toBe(200);
      const [row] = await stored(body.submissionId);
      expect(row!.payload).not.toHaveProperty("bookingConflict");
      const bookings = await service().from("bookings").select("id").eq("submission_id", row!.id);
      expect(bookings.data).toHaveLength(1);
    });

    it("an online booking (no queuedAt) of a taken slot keeps today's answer: 409, nothing stored", async () => {
      const s = slot();
      expect((await post(booking(s, `first-${randomUUID()}@example.com`))).status).toBe(201);
      const body = booking(s, `second-${randomUUID()}@example.com`);
      const res = await post(body);
      expect(res.status).toBe(409);
      expect(await res.json()).not.toHaveProperty("stored");
      expect(await stored(body.submissionId)).toHaveLength(0);
    });

    it("the booking picked from the notice joins the same lead (by email)", async () => {
      const s = slot();
      expect((await post(booking(s, `holder-${randomUUID()}@example.com`))).status).toBe(201);
      const email = `same-${randomUUID()}@example.com`;
      const lost = booking(s, email, { queuedAt: new Date().toISOString() });
      expect((await post(lost)).status).toBe(409);
      const rebook = booking(slot(), email);
      expect((await post(rebook)).status).toBe(201);
      const [a] = await stored(lost.submissionId);
      const [b] = await stored(rebook.submissionId);
      expect(b!.lead_id).toBe(a!.lead_id);
    });

    it("queuedAt must be an ISO instant", async () => {
      const res = await post(booking(slot(), "bad@example.com", { queuedAt: "yesterday" }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty("queuedAt");
    });
  });
