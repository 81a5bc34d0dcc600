/** Per-market calendars (docs/markets.md): Toronto's daylight saving, minimum notice, holidays, picking a market. */
import { describe, expect, it } from "vitest";
import { isBookableDay, nextFreeSlots, slotsOfDay } from "./availability";
import { DEFAULT_MARKETS, type Market, marketFromRow, pickMarket } from "./markets";
import { slotLabel } from "./slot-label";

const strip = (s: string) => s.replace(/[\u2068\u2069\u200f\u200e\u202f\u00a0]/g, (c) => (c === "\u202f" || c === "\u00a0" ? " " : ""));
const [uae, canada] = DEFAULT_MARKETS as [Market, Market];

describe("Canada's calendar is on Toronto's clock", () => {
  const now = new Date(Date.UTC(2026, 9, 20, 8));
  it("offers 9:00 AM to 5:00 PM Toronto time, 17 slots, on both sides of the daylight-saving change", () => {
    const edt = slotsOfDay("2026-10-30", now, canada); // Friday, EDT (UTC−4)
    const est = slotsOfDay("2026-11-02", now, canada); // Monday, EST (UTC−5)
    expect(edt).toHaveLength(17);
    expect(est).toHaveLength(17);
    expect(edt[0]!.start).toBe("2026-10-30T13:00:00.000Z");
    expect(est[0]!.start).toBe("2026-11-02T14:00:00.000Z");
    expect(est.at(-1)!.time).toBe("17:00");
    expect(strip(slotLabel(new Date(est[0]!.start), canada.timeZone, "America/Toronto", "en"))).toBe("9:00 AM Toronto");
    expect(strip(slotLabel(new Date(est[0]!.start), canada.timeZone, "Asia/Dubai", "en"))).toBe("9:00 AM Toronto · 6:00 PM Dubai");
  });
  it("spring forward (14 March 2027): still 9:00 Toronto, now at 13:00 UTC", () => {
    const [first] = slotsOfDay("2027-03-15", now, canada);
    expect(first!.start).toBe("2027-03-15T13:00:00.000Z");
  });
  it("Saturday and Sunday in Toronto are closed", () => {
    expect(isBookableDay("2026-10-31", now, canada)).toBe(false);
    expect(isBookableDay("2026-11-01", now, canada)).toBe(false);
  });
});

describe("minimum notice", () => {
  it("today works during the day: the earliest slot is now plus the notice, on the slot grid", () => {
    // Monday 23 November 2026, 10:10 in Toronto (15:10 UTC); two hours' notice → 12:10 → first slot 12:30.
    const now = new Date(Date.UTC(2026, 10, 23, 15, 10));
    expect(isBookableDay("2026-11-23", now, canada)).toBe(true);
    const today = slotsOfDay("2026-11-23", now, canada);
    expect(today[0]!.time).toBe("12:30");
    expect(today.at(-1)!.time).toBe("17:00");
    // With no notice, 10:30 is the first.
    expect(slotsOfDay("2026-11-23", now, { ...canada, minNoticeMinutes: 0 })[0]!.time).toBe("10:30");
  });
  it("late in the day, today is closed and the next working day opens at 9:00", () => {
    const now = new Date(Date.UTC(2026, 10, 23, 21)); // 16:00 Toronto
    expect(isBookableDay("2026-11-23", now, canada)).toBe(false);
    expect(nextFreeSlots(now, new Set(), 1, canada)[0]).toMatchObject({ date: "2026-11-24", time: "09:00" });
  });
});

describe("holidays and the horizon", () => {
  const now = new Date(Date.UTC(2026, 10, 20, 6));
  it("a holiday has no slots; the next free slot skips it", () => {
    const withHoliday = { ...uae, holidays: ["2026-12-02", "2026-12-03"] };
    expect(isBookableDay("2026-12-02", now, withHoliday)).toBe(false);
    expect(slotsOfDay("2026-12-03", now, withHoliday)).toEqual([]);
    expect(nextFreeSlots(now, new Set(), 1, withHoliday, "2026-12-02")[0]).toMatchObject({ date: "2026-12-04", time: "09:00" });
  });
  it("days past the market's horizon are closed", () => {
    const near = { ...uae, horizonDays: 10 };
    expect(isBookableDay("2026-11-30", now, near)).toBe(true);
    expect(isBookableDay("2026-12-01", now, near)).toBe(false);
  });
});

describe("which market a visitor gets", () => {
  it("the one chosen, else the form's country, else the page's, else the browser zone's country, else the default", () => {
    expect(pickMarket(DEFAULT_MARKETS, { market: "canada", countryIso: "AE" })?.id).toBe("canada");
    expect(pickMarket(DEFAULT_MARKETS, { countryIso: "ca", timeZone: "Asia/Dubai" })?.id).toBe("canada");
    expect(pickMarket(DEFAULT_MARKETS, { countryIso: "SA", timeZone: "America/Toronto" })?.id).toBe("uae");
    expect(pickMarket(DEFAULT_MARKETS, { pageMarket: "canada", timeZone: "Asia/Dubai" })?.id).toBe("canada");
    expect(pickMarket(DEFAULT_MARKETS, { timeZone: "America/Vancouver" })?.id).toBe("canada");
    expect(pickMarket(DEFAULT_MARKETS, { timeZone: "America/New_York" })?.id).toBe("uae");
    expect(pickMarket(DEFAULT_MARKETS, { market: "mars", timeZone: "Europe/Paris" })?.id).toBe("uae");
  });
  it("reads a database row (holidays as dates, unknown zone falls back to Dubai)", () => {
    const m = marketFromRow({
      id: "x1",
      name_en: "X",
      name_ar: "س",
      time_zone: "Mars/Olympus",
      working_days: [5, 1],
      open_minute: 480,
      close_minute: 600,
      slot_minutes: 60,
      min_notice_minutes: 0,
      horizon_days: 30,
      holidays: ["2026-12-25"],
      country_codes: ["FR"],
      is_default: false,
    });
    expect(m).toMatchObject({ timeZone: "Asia/Dubai", workingDays: [1, 5], holidays: ["2026-12-25"], slotMinutes: 60 });
  });
});
