/**
 * Per-market calendars, the visitor's own booking links and reminders (docs/markets.md), against the
 * embedded API: Canada's slots are on Toronto's clock, staff cannot move a booking outside its market's
 * calendar, a visitor's link works once, reminders go once each by the worker's clock.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dateInZone, slotsOfDay, zonedInstant } from "../../src/lib/booking/availability.ts";
import { DEFAULT_MARKETS, type Market } from "../../src/lib/booking/markets.ts";
import { signBookingToken } from "../../server/mail/booking-tokens.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";

const [uae, canada] = DEFAULT_MARKETS as [Market, Market];
let clock = Date.now();
const now = () => new Date(clock);

/** Working days of a market from `from` days ahead. */
function workingDays(m: Market, count: number, from = 3): string[] {
  const out: string[] = [];
  for (let d = dateInZone(now(), m.timeZone), i = 0; out.length < count; i++) {
    const day = addDays(d, from + i);
    if (slotsOfDay(day, now(), m).length) out.push(day);
  }
  return out;
}

describe("markets: calendars, visitor links, reminders", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer({ env: { SUBMIT_RATE_LIMIT: "off" }, now });
  });
  afterAll(async () => {
    await srv?.close();
  });

  const post = (body: unknown) =>
    fetch(`${srv.url}/functions/v1/submit-form`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const booking = (date: string, time: string, market?: string, n = Math.random()) => ({
    formType: "demo_booking",
    payload: {
      fullName: `Visitor ${n}`,
      email: `visitor${String(n).slice(2, 10)}@example.com`,
      phone: "+14165550123",
      company: "",
      demoDate: date,
      demoTime: time,
      ...(market ? { market } : {}),
    },
    path: "/en",
    locale: "en",
    timeZone: "America/Toronto",
    submissionId: randomUUID(),
  });
  const sql = async <T>(q: string, params: unknown[] = []) => (await srv.api.db.query<T>(q, params)).rows;
  const bookingOf = async (date: string, time: string) =>
    (
      await sql<{ id: string; market_id: string; sequence: number; starts_at: Date; submission_id: string; status: string }>(
        `select b.* from public.bookings b join public.form_submissions s on s.id = b.submission_id
          where s.payload ->> 'demoDate' = $1 and s.payload ->> 'demoTime' = $2 order by b.created_at desc limit 1`,
        [date, time],
      )
    )[0]!;

  it("booking-slots answers Canada's day on Toronto's clock: 9:00 to 17:00, 17 slots", async () => {
    const [day] = workingDays(canada, 1);
    const r = await fetch(`${srv.url}/functions/v1/booking-slots?market=canada&date=${day}`, { headers: { apikey: srv.api.anonKey } });
    expect(r.status).toBe(200);
    const data = (await r.json()) as { market: string; timeZone: string; slots: { time: string; start: string }[]; markets: Market[] };
    expect(data.market).toBe("canada");
    expect(data.timeZone).toBe("America/Toronto");
    expect(data.slots.map((s) => s.time)).toEqual(slotsOfDay(day!, now(), canada).map((s) => s.time));
    expect(data.slots).toHaveLength(17);
    expect(data.slots[0]!.start).toBe(zonedInstant(day!, "09:00", "America/Toronto").toISOString());
    expect(data.markets.map((m) => m.id)).toEqual(["uae", "canada"]);
    const bad = await fetch(`${srv.url}/functions/v1/booking-slots?market=mars`, { headers: { apikey: srv.api.anonKey } });
    expect(bad.status).toBe(400);
  });

  it("a Canadian booking is checked against Toronto's hours and stored with its market", async () => {
    const [day] = workingDays(canada, 1, 4);
    // 08:30 exists in Dubai's calendar? No: 8:30 is before opening in both; 17:00 Toronto is fine, 17:30 is not.
    expect((await post(booking(day!, "17:30", "canada"))).status).toBe(400);
    expect((await post(booking(day!, "17:00", "canada"))).status).toBe(201);
    expect((await bookingOf(day!, "17:00")).market_id).toBe("canada");
    const unknown = await post(booking(day!, "10:00", "mars"));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { fields: Record<string, string> }).fields).toHaveProperty("payload.market");
  });

  it("staff can move a booking only into an open slot of its market", async () => {
    const [day, next] = workingDays(uae, 2, 5);
    expect((await post(booking(day!, "10:00", "uae"))).status).toBe(201);
    const b = await bookingOf(day!, "10:00");
    const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const saturday = (() => {
      for (let d = day!; ; d = addDays(d, 1)) if (new Date(`${d}T00:00:00Z`).getUTCDay() === 6) return d;
    })();
    for (const [date, time] of [
      [saturday, "10:00"],
      [next!, "03:00"],
      [next!, "17:30"],
      [next!, "10:15"],
    ] as const) {
      const { error } = await client.rpc("reschedule_booking", {
        p_id: b.id,
        p_starts_at: zonedInstant(date, time, uae.timeZone).toISOString(),
      });
      expect(error?.code, `${date} ${time}`).toBe("22023");
    }
    const ok = await client.rpc("reschedule_booking", {
      p_id: b.id,
      p_starts_at: zonedInstant(next!, "11:30", uae.timeZone).toISOString(),
    });
    expect(ok.error).toBeNull();
  });

  it("the visitor's link shows the booking, moves it once, and cancels it once", async () => {
    const [day, other] = workingDays(canada, 2, 6);
    expect((await post(booking(day!, "09:30", "canada"))).status).toBe(201);
    const b = await bookingOf(day!, "09:30");
    const token = signBookingToken(srv.api.jwtSecret, b.id, b.sequence, b.starts_at);
    const manage = (init?: { method: string; body: unknown }) =>
      fetch(`${srv.url}/functions/v1/booking-manage${init ? "" : `?token=${token}`}`, {
        method: init?.method ?? "GET",
        headers: { apikey: srv.api.anonKey, "Content-Type": "application/json" },
        body: init ? JSON.stringify(init.body) : undefined,
      });
    const seen = await manage();
    expect(seen.status).toBe(200);
    expect(seen.headers.get("cache-control")).toContain("no-store");
    const view = (await seen.json()) as { state: string; booking: { startsAt: string }; market: { id: string } };
    expect(view).toMatchObject({ state: "open", market: { id: "canada" } });
    expect(JSON.stringify(view)).not.toContain("example.com");

    // A closed slot (Sunday, or 8:00) is refused; an open one moves it; the same link then says it was used.
    const closed = await manage({
      method: "POST",
      body: { token, action: "reschedule", startsAt: zonedInstant(other!, "08:00", canada.timeZone).toISOString() },
    });
    expect(((await closed.json()) as { state: string }).state).toBe("closed");
    const moved = await manage({
      method: "POST",
      body: { token, action: "reschedule", startsAt: zonedInstant(other!, "14:00", canada.timeZone).toISOString() },
    });
    expect(moved.status).toBe(200);
    const movedBody = (await moved.json()) as { state: string; token: string };
    expect(movedBody.state).toBe("rescheduled");
    const again = await manage({ method: "POST", body: { token, action: "cancel" } });
    expect(((await again.json()) as { state: string }).state).toBe("used");
    // The new link (also in the new email) cancels it; after that every link says it is cancelled.
    const cancel = await manage({ method: "POST", body: { token: movedBody.token, action: "cancel" } });
    expect(((await cancel.json()) as { state: string }).state).toBe("cancelled");
    const twice = await manage({ method: "POST", body: { token: movedBody.token, action: "cancel" } });
    expect(((await twice.json()) as { state: string }).state).toBe("cancelled");
    const mails = await sql<{ data: { event?: string } }>(
      "select data from public.mail_outbox where submission_id = $1 and kind = 'booking_confirmation' order by created_at",
      [b.submission_id],
    );
    expect(mails.map((m) => m.data.event ?? "booked")).toEqual(["booked", "rescheduled", "cancelled"]);
    expect((await fetch(`${srv.url}/functions/v1/booking-manage?token=abc.def`, { headers: { apikey: srv.api.anonKey } })).status).toBe(
      404,
    );
  });

  it("the confirmation email shows both zones and carries the visitor's link", async () => {
    const [day] = workingDays(canada, 1, 7);
    const body = booking(day!, "11:00", "canada");
    body.timeZone = "Asia/Dubai";
    expect((await post(body)).status).toBe(201);
    const b = await bookingOf(day!, "11:00");
    await srv.api.mail.worker.tick();
    const [mail] = await sql<{ text_body: string }>(
      "select text_body from public.mail_outbox where submission_id = $1 and kind = 'booking_confirmation'",
      [b.submission_id],
    );
    expect(mail!.text_body).toMatch(/When \(Canada time\): .*11:00\s?AM/);
    expect(mail!.text_body).toMatch(/Your local time: .*(7|8):00\s?PM/);
    expect(mail!.text_body).toMatch(/\/en\/booking\/[\w-]+\.[\w-]+/);
  });

  it("reminders: 24 hours and 1 hour before, once each, none after a cancellation or when booked too late", async () => {
    const [day] = workingDays(uae, 1, 10);
    expect((await post(booking(day!, "13:00", "uae"))).status).toBe(201);
    expect((await post(booking(day!, "14:00", "uae"))).status).toBe(201);
    const kept = await bookingOf(day!, "13:00");
    const cancelled = await bookingOf(day!, "14:00");
    await sql("update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1", [cancelled.id]);
    const start = new Date(kept.starts_at).getTime();
    // The visitor's reminders; the assigned person (an owner while the market has no sales people) gets
    // the same ones, checked once below.
    const reminders = async (id: string, audience = "visitor") =>
      (
        await sql<{ window: string }>(
          "select data ->> 'window' as window from public.mail_outbox o where kind = 'booking_reminder' and data ->> 'bookingId' = $1 and coalesce(data ->> 'audience', 'visitor') = $2 order by created_at",
          [id, audience],
        )
      ).map((r) => r.window);
    const assignee = (await sql<{ assignee_id: string | null }>("select assignee_id from public.bookings where id = $1", [kept.id]))[0]!
      .assignee_id;
    const saved = clock;
    try {
      clock = start - 23 * 3600_000;
      await srv.api.mail.worker.tick();
      await srv.api.mail.worker.tick();
      expect(await reminders(kept.id)).toEqual(["24h"]);
      clock = start - 50 * 60_000;
      await srv.api.mail.worker.tick();
      await srv.api.mail.worker.tick();
      expect(await reminders(kept.id)).toEqual(["24h", "1h"]);
      if (assignee) expect(await reminders(kept.id, "assignee")).toEqual(["24h", "1h"]);
      clock = start + 60_000;
      await srv.api.mail.worker.tick();
      expect(await reminders(kept.id)).toEqual(["24h", "1h"]);
      expect(await reminders(cancelled.id)).toEqual([]);
      // Booked five hours ahead: no 24-hour reminder, only the 1-hour one.
      const late = await bookingOf(day!, "13:00");
      await sql(
        "update public.bookings set reminded_24h_at = null, reminded_1h_at = null, created_at = starts_at - interval '5 hours' where id = $1",
        [late.id],
      );
      await sql("delete from public.mail_outbox where kind = 'booking_reminder' and data ->> 'bookingId' = $1", [late.id]);
      clock = start - 4 * 3600_000;
      await srv.api.mail.worker.tick();
      expect(await reminders(late.id)).toEqual([]);
      clock = start - 30 * 60_000;
      await srv.api.mail.worker.tick();
      expect(await reminders(late.id)).toEqual(["1h"]);
    } finally {
      clock = saved;
    }
  });
});
