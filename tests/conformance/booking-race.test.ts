/**
 * Bookings cannot collide (docs/product.md#booking): concurrent bookings of one slot give exactly one
 * booking (201) and a 409 for every other, with the next free slots, and the losers store nothing.
 * Free/busy (booking-slots) shows the slot as taken without saying by whom. On embedded PGlite and,
 * when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotTimes } from "../../src/lib/booking/availability.ts";
import { DEFAULT_MARKETS } from "../../src/lib/booking/markets.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

/** Bookable business days (Dubai) from three days ahead, Monday to Friday. */
function bookableDays(count: number): string[] {
  const out: string[] = [];
  const d = new Date(Date.now() + 3 * 86_400_000);
  while (out.length < count) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** 120 distinct slots (date, time): enough for the repeated race below plus the other cases. */
const SLOTS = bookableDays(8).flatMap((date) => slotTimes().map((time) => ({ date, time })));

/** Slots of both markets on days the other cases never use: 13 in Dubai, 12 in Toronto. */
const MARKET_SLOTS = [
  ...bookableDays(14)
    .slice(10)
    .flatMap((date) => slotTimes().map((time) => ({ date, time, market: "uae" })))
    .filter((_, i) => i % 5 === 0)
    .slice(0, 13),
  ...bookableDays(18)
    .slice(14)
    .flatMap((date) => slotTimes(DEFAULT_MARKETS[1]).map((time) => ({ date, time, market: "canada" })))
    .filter((_, i) => i % 5 === 0)
    .slice(0, 12),
];

const booking = (slot: { date: string; time: string; market?: string }, n: number) => ({
  formType: "demo_booking",
  payload: {
    fullName: `Racer ${n}`,
    email: `racer${n}@example.com`,
    phone: "+971501234567",
    company: "",
    demoDate: slot.date,
    demoTime: slot.time,
    ...(slot.market ? { market: slot.market } : {}),
  },
  path: "/en",
  locale: "en",
  timeZone: "America/Toronto",
  submissionId: randomUUID(),
});

describe.each(backends)("booking races on $name", (backend) => {
  let srv: TestServer;
  let teardown = async () => {};
  let next = 0;
  const slot = () => SLOTS[next++]!;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: { ...b.env, SUBMIT_RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await srv?.close();
    await teardown();
  });

  const post = (body: unknown) =>
    fetch(`${srv.url}/functions/v1/submit-form`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  async function confirmedAt(date: string, time: string) {
    const { data, error } = await srv
      .client(srv.api.serviceRoleKey)
      .from("form_submissions")
      .select("id, payload")
      .eq("form_type", "demo_booking");
    if (error) throw error;
    const ids = data!
      .filter(
        (r) =>
          (r.payload as { demoDate?: string; demoTime?: string }).demoDate === date &&
          (r.payload as { demoTime?: string }).demoTime === time,
      )
      .map((r) => r.id);
    const b = await srv
      .client(srv.api.serviceRoleKey)
      .from("bookings")
      .select("id, submission_id, status")
      .in("submission_id", ids.length ? ids : [randomUUID()]);
    if (b.error) throw b.error;
    return { submissions: ids.length, bookings: b.data!.filter((x) => x.status === "confirmed").length };
  }

  it("two concurrent bookings of one slot: one 201 and one 409 with the next free slots; the loser stores nothing", async () => {
    const s = slot();
    const [a, b] = await Promise.all([post(booking(s, 1)), post(booking(s, 2))]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    const body = (await loser.json()) as {
      error: string;
      message: string;
      nextSlots: { date: string; time: string; start: string }[];
      fields: Record<string, string>;
    };
    expect(body.error).toBe("slot_taken");
    expect(body.fields).toHaveProperty("payload.demoTime");
    expect(body.nextSlots.length).toBe(5);
    expect(body.nextSlots[0]!.date >= s.date).toBe(true);
    expect(body.nextSlots.some((n) => n.date === s.date && n.time === s.time)).toBe(false);
    expect(await confirmedAt(s.date, s.time)).toEqual({ submissions: 1, bookings: 1 });
  });

  it("100 repeated races of two: every time exactly one booking and one 409", async () => {
    let oneAndOne = 0;
    const seen: string[] = [];
    for (let i = 0; i < 100; i++) {
      const s = slot();
      const results = await Promise.all([post(booking(s, 1000 + i)), post(booking(s, 2000 + i))]);
      const statuses = results.map((r) => r.status).sort();
      await Promise.all(results.map((r) => r.body?.cancel()));
      if (statuses[0] === 201 && statuses[1] === 409) oneAndOne++;
      else seen.push(statuses.join("/"));
    }
    console.info(
      `[booking race on ${backend.name}] 100 tries: ${oneAndOne} gave one booking and one 409${seen.length ? `; others: ${seen.join(", ")}` : ""}`,
    );
    expect(seen).toEqual([]);
    expect(oneAndOne).toBe(100);
    const { count, error } = await srv
      .client(srv.api.serviceRoleKey)
      .from("bookings")
      .select("id", { count: "exact", head: true })
      .eq("status", "confirmed");
    expect(error).toBeNull();
    expect(count).toBe(101);
  });

  it("100 parallel bookings over 25 slots of both markets: exactly one booking per slot (and salesperson)", async () => {
    const tries = MARKET_SLOTS.flatMap((s, i) => [0, 1, 2, 3].map((k) => ({ s, n: 5000 + i * 4 + k })));
    expect(tries).toHaveLength(100);
    const results = await Promise.all(tries.map(async ({ s, n }) => ({ s, status: (await post(booking(s, n))).status })));
    for (const s of MARKET_SLOTS) {
      const statuses = results
        .filter((r) => r.s === s)
        .map((r) => r.status)
        .sort();
      expect(statuses, `${s.market} ${s.date} ${s.time}`).toEqual([201, 409, 409, 409]);
    }
    const rows = await srv.api.db.query<{ market_id: string; n: number }>(
      `select b.market_id, count(*)::int as n from public.bookings b
        where b.status = 'confirmed' and b.submission_id in
          (select id from public.form_submissions where (payload ->> 'fullName') ~ '^Racer 5[0-9]{3}$')
        group by b.market_id, b.assignee_id, b.starts_at`,
    );
    expect(rows.rows).toHaveLength(25);
    expect(rows.rows.every((r) => r.n === 1)).toBe(true);
    expect(rows.rows.filter((r) => r.market_id === "canada")).toHaveLength(12);
  });

  it("a retry of the winning submission (same submissionId) is 200, not a 409 against itself", async () => {
    const body = booking(slot(), 3);
    expect((await post(body)).status).toBe(201);
    expect((await post(body)).status).toBe(200);
  });

  it("free/busy shows the taken slot as not free, and nothing about who booked it", async () => {
    const s = slot();
    expect((await post(booking(s, 4))).status).toBe(201);
    const { data, error } = await srv.client().functions.invoke(`booking-slots?date=${s.date}`, { method: "GET" });
    expect(error).toBeNull();
    expect(data.timeZone).toBe("Asia/Dubai");
    const entry = data.slots.find((x: { time: string }) => x.time === s.time);
    expect(entry).toMatchObject({ date: s.date, time: s.time, free: false });
    expect(JSON.stringify(data)).not.toContain("racer4");
    expect(data.slots.filter((x: { free: boolean }) => x.free).length).toBeGreaterThan(0);
  });

  it("visitors and non-sales users cannot read bookings; a slot outside the hours is a 400", async () => {
    const anon = await srv.client().from("bookings").select("id");
    expect(anon.error).not.toBeNull();
    const { client: editor } = await signedIn(srv, USER_EMAIL, USER_PASSWORD);
    const asUser = await editor.from("bookings").select("id");
    expect(asUser.data ?? []).toEqual([]);
    const { client: owner } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const asOwner = await owner.from("bookings").select("id");
    expect(asOwner.error).toBeNull();
    expect(asOwner.data!.length).toBeGreaterThan(0);
    const bad = await post(booking({ date: SLOTS[0]!.date, time: "18:00" }, 5));
    expect(bad.status).toBe(400);
  });

  it("the owner reschedules to a free slot (a taken one is refused) and cancels; the visitor gets an email each time", async () => {
    const { client: owner } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const a = slot();
    const b = slot();
    const c = slot();
    const first = booking(a, 6);
    expect((await post(first)).status).toBe(201);
    expect((await post(booking(b, 7))).status).toBe(201);
    const { data: sub } = await srv
      .client(srv.api.serviceRoleKey)
      .from("form_submissions")
      .select("id")
      .eq("submission_id", first.submissionId)
      .single();
    const { data: bk } = await srv
      .client(srv.api.serviceRoleKey)
      .from("bookings")
      .select("id, starts_at")
      .eq("submission_id", sub!.id)
      .single();
    const busyB = await srv.client().functions.invoke(`booking-slots?date=${b.date}`, { method: "GET" });
    const bStart = busyB.data.slots.find((x: { time: string }) => x.time === b.time).start;
    const clash = await owner.rpc("reschedule_booking", { p_id: bk!.id, p_starts_at: bStart });
    expect(clash.error?.code).toBe("23505");
    const freeC = await srv.client().functions.invoke(`booking-slots?date=${c.date}`, { method: "GET" });
    const cStart = freeC.data.slots.find((x: { time: string }) => x.time === c.time).start;
    const moved = await owner.rpc("reschedule_booking", { p_id: bk!.id, p_starts_at: cStart });
    expect(moved.error).toBeNull();
    expect(new Date(moved.data!.starts_at).toISOString()).toBe(cStart);
    // The old slot is free again.
    expect((await post(booking(a, 8))).status).toBe(201);
    const cancelled = await owner.rpc("cancel_booking", { p_id: bk!.id, p_reason: "Client asked" });
    expect(cancelled.error).toBeNull();
    expect(cancelled.data!.status).toBe("cancelled");
    expect((await post(booking(c, 9))).status).toBe(201);
    const mails = await srv
      .client(srv.api.serviceRoleKey)
      .from("mail_outbox")
      .select("kind, recipient, data")
      .eq("submission_id", sub!.id)
      .eq("kind", "booking_confirmation");
    const events = mails.data!.map((m) => (m.data as { event?: string }).event ?? "booked").sort();
    expect(events).toEqual(["booked", "cancelled", "rescheduled"]);
    expect(mails.data!.every((m) => m.recipient === "racer6@example.com")).toBe(true);
  });
});
