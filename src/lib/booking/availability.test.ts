/** Demo availability on the business clock, with fixed clocks (docs/product.md#booking). */
import { describe, expect, it } from "vitest";
import { DEFAULT_AVAILABILITY, dateInZone, isBookableDay, isBookableSlot, nextFreeSlots, slotTimes, slotsOfDay } from "./availability";
import { slotLabel, slotLabelParts } from "./slot-label";

const strip = (s: string) => s.replace(/[\u2068\u2069\u200f\u200e\u202f\u00a0]/g, (c) => (c === "\u202f" || c === "\u00a0" ? " " : ""));

describe("configuration", () => {
  it("the UAE fallback is Monday–Friday, 09:00 to 17:30 Dubai time: 17 slots, the last at 17:00", () => {
    const times = slotTimes();
    expect(times).toHaveLength(17);
    expect(times[0]).toBe("09:00");
    expect(times.at(-1)).toBe("17:00");
    expect(slotTimes({ ...DEFAULT_AVAILABILITY, slotMinutes: 60, closeMinute: 12 * 60 })).toEqual(["09:00", "10:00", "11:00"]);
  });
});

describe("bookable days on the business clock", () => {
  // Friday 20 November 2026, 16:45 in Dubai (12:45 UTC).
  const friday = new Date(Date.UTC(2026, 10, 20, 12, 45));
  it("today and the weekend are out; Monday is the first bookable day", () => {
    expect(isBookableDay("2026-11-20", friday)).toBe(false);
    expect(isBookableDay("2026-11-21", friday)).toBe(false); // 16:45 + 2 h notice is after the last slot
    expect(isBookableDay("2026-11-22", friday)).toBe(false);
    expect(isBookableDay("2026-11-23", friday)).toBe(true);
  });
  it("midnight edges are Dubai's midnight, not UTC's or the visitor's", () => {
    // 23:59:59 Monday in Dubai = 19:59:59 UTC: Tuesday is still tomorrow.
    const lateMonday = new Date(Date.UTC(2026, 10, 23, 19, 59, 59));
    expect(dateInZone(lateMonday, "Asia/Dubai")).toBe("2026-11-23");
    expect(isBookableDay("2026-11-24", lateMonday)).toBe(true);
    // One second later it is Tuesday in Dubai (still Monday in UTC and in Toronto).
    const tuesdayInDubai = new Date(Date.UTC(2026, 10, 23, 20, 0, 1));
    expect(dateInZone(tuesdayInDubai, "America/Toronto")).toBe("2026-11-23");
    // Monday is over in Dubai; Tuesday is today there and has slots after the two hours' notice.
    expect(isBookableDay("2026-11-23", tuesdayInDubai)).toBe(false);
    expect(isBookableDay("2026-11-24", tuesdayInDubai)).toBe(true);
  });
  it("refuses impossible dates, other slot times and days past the horizon", () => {
    expect(isBookableDay("2026-02-30", friday)).toBe(false);
    expect(isBookableDay("2027-11-19", friday)).toBe(true);
    expect(isBookableDay("2027-11-22", friday)).toBe(false);
    expect(isBookableSlot("2026-11-23", "17:00", friday)).toBe(true);
    expect(isBookableSlot("2026-11-23", "17:30", friday)).toBe(false);
    expect(isBookableSlot("2026-11-23", "09:15", friday)).toBe(false);
    expect(isBookableSlot("2026-11-23", "08:30", friday)).toBe(false);
  });
});

describe("slots and the visitor's clock", () => {
  const now = new Date(Date.UTC(2026, 9, 20, 8));
  it("a slot's instant is its Dubai wall time (UTC+4, no daylight saving)", () => {
    const [first] = slotsOfDay("2026-11-02", now);
    expect(first).toEqual({ date: "2026-11-02", time: "09:00", start: "2026-11-02T05:00:00.000Z" });
  });
  it("across Toronto's daylight-saving change (1 November 2026) the same Dubai slot moves on the visitor's clock", () => {
    const before = slotsOfDay("2026-10-30", now)[0]!; // Friday, Toronto on EDT (UTC−4)
    const after = slotsOfDay("2026-11-02", now)[0]!; // Monday, Toronto on EST (UTC−5)
    expect(strip(slotLabel(new Date(before.start), "Asia/Dubai", "America/Toronto", "en"))).toBe("9:00 AM Dubai · 1:00 AM Toronto");
    expect(strip(slotLabel(new Date(after.start), "Asia/Dubai", "America/Toronto", "en"))).toBe("9:00 AM Dubai · 12:00 AM Toronto");
  });
  it("names the visitor's weekday when their day differs (Los Angeles, the evening before)", () => {
    const start = new Date(slotsOfDay("2026-11-02", now)[0]!.start);
    expect(strip(slotLabel(start, "Asia/Dubai", "America/Los_Angeles", "en"))).toBe("9:00 AM Dubai · Sun 9:00 PM Los Angeles");
  });
  it("shows one time when the visitor is on the business clock, and writes Arabic with Arabic place names", () => {
    const start = new Date(slotsOfDay("2026-11-02", now)[2]!.start);
    expect(slotLabelParts(start, "Asia/Dubai", "Asia/Dubai", "en").visitor).toBeNull();
    expect(slotLabelParts(start, "Asia/Dubai", "Asia/Muscat", "en").visitor).toBeNull();
    const ar = strip(slotLabel(start, "Asia/Dubai", "America/Toronto", "ar"));
    expect(ar).toContain("دبي");
    expect(ar).toContain("تورنتو");
    expect(ar).toMatch(/10:00/);
    expect(ar).toMatch(/1:00/);
  });
  it("a business zone with daylight saving skips the wall-clock hour that does not exist", () => {
    const toronto = {
      timeZone: "America/Toronto",
      workingDays: [0, 1, 2, 3, 4, 5, 6],
      openMinute: 60,
      closeMinute: 4 * 60,
      slotMinutes: 30,
    };
    const springForward = slotsOfDay("2026-03-08", new Date(Date.UTC(2026, 2, 1)), toronto);
    expect(springForward.map((s) => s.time)).toEqual(["01:00", "01:30", "03:00", "03:30"]);
    expect(new Set(springForward.map((s) => s.start)).size).toBe(4);
    expect(springForward[2]!.start).toBe("2026-03-08T07:00:00.000Z");
  });
});

describe("next free slots", () => {
  it("skips taken slots, today and the weekend, in order", () => {
    const friday = new Date(Date.UTC(2026, 10, 20, 12, 45));
    const monday = slotsOfDay("2026-11-23", friday);
    const taken = new Set([Date.parse(monday[0]!.start), Date.parse(monday[2]!.start)]);
    const next = nextFreeSlots(friday, taken, 3);
    expect(next.map((s) => `${s.date} ${s.time}`)).toEqual(["2026-11-23 09:30", "2026-11-23 10:30", "2026-11-23 11:00"]);
  });
  it("starts from a given day and crosses into the next one when the day is full", () => {
    const friday = new Date(Date.UTC(2026, 10, 20, 12, 45));
    const monday = slotsOfDay("2026-11-23", friday);
    const taken = new Set(monday.slice(0, -1).map((s) => Date.parse(s.start)));
    expect(nextFreeSlots(friday, taken, 2, DEFAULT_AVAILABILITY, "2026-11-23").map((s) => `${s.date} ${s.time}`)).toEqual([
      "2026-11-23 17:00",
      "2026-11-24 09:00",
    ]);
  });
});
