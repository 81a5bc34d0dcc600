// @vitest-environment node
import { describe, expect, it } from "vitest";
import { signJwt } from "../jwt.ts";
import { harness, manualClock, scriptedDb } from "../testing.ts";
import { verifyCredentials } from "../http.ts";
import { functionsRouter } from "./index.ts";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
const ANON = signJwt({ role: "anon" }, SECRET);

/** The functions router on a database that knows no bookings, on Thursday 15 January 2026 (UTC noon). */
function setup() {
  const { db, asked } = scriptedDb(() => []);
  const clock = manualClock();
  const router = functionsRouter({
    db,
    jwtSecret: SECRET,
    submitLimit: null,
    inviteLimit: { limit: 30, windowSeconds: 3600 },
    onError: (e) => {
      throw e;
    },
    log: () => {},
    now: clock.now,
  });
  const send = harness("/functions/v1", router, [verifyCredentials(SECRET, clock.now)]);
  const slots = (query: string) => send("GET", `/functions/v1/booking-slots${query}`, { headers: { apikey: ANON } });
  return { slots, asked };
}

describe("GET /functions/v1/booking-slots", () => {
  it("answers a bookable day with its slots, all free", async () => {
    const { slots } = setup();
    const res = await slots("?date=2026-01-19");
    expect(res.status).toBe(200);
    const body = res.body as { date: string; slots: { time: string; free: boolean }[] };
    expect(body.date).toBe("2026-01-19");
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.slots.every((s) => s.free)).toBe(true);
  });

  it("answers a real day that cannot be booked (a past day) with no slots", async () => {
    const { slots, asked } = setup();
    const res = await slots("?date=2026-01-01");
    expect(res.status).toBe(200);
    expect((res.body as { slots: unknown[] }).slots).toEqual([]);
    // Only the markets' calendars were read, never the busy slots.
    expect(JSON.stringify(asked)).not.toContain("booking_busy");
  });

  it("without a date, answers the calendar's settings", async () => {
    const { slots } = setup();
    const res = await slots("");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: "Asia/Dubai", firstDay: "2026-01-16" });
    expect(res.body).not.toHaveProperty("slots");
  });

  it("answers another market's day on its own clock (Canada: 9:00 Toronto is 14:00 UTC in January)", async () => {
    const { slots } = setup();
    const res = await slots("?market=canada&date=2026-01-19");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ market: "canada", timeZone: "America/Toronto" });
    expect((res.body as { slots: { start: string }[] }).slots[0]!.start).toBe("2026-01-19T14:00:00.000Z");
    expect((await slots("?market=mars")).status).toBe(400);
  });

  it.each([
    ["an impossible day", "?date=2026-02-31"],
    ["a thirteenth month", "?date=2026-13-01"],
    ["not a date", "?date=abc"],
    ["an empty date", "?date="],
    ["a date with a time", "?date=2026-01-19T09:00"],
  ])("answers %s with 400 invalid_input on the date, without reading the database", async (_, query) => {
    const { slots, asked } = setup();
    const res = await slots(query);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error: "invalid_input",
      message: "date must be a calendar date, YYYY-MM-DD",
      fields: { date: "date must be a calendar date, YYYY-MM-DD" },
    });
    expect(asked).toEqual([]);
  });
});
