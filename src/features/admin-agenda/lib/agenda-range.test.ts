import { describe, expect, it } from "vitest";
import { agendaRange, splitAgenda } from "./agenda-range";

describe("agenda range on the business clock", () => {
  it("today starts at midnight in Dubai, not UTC or the browser's midnight", () => {
    // 22:30 UTC on Monday 23 November = 02:30 Tuesday in Dubai.
    const r = agendaRange(new Date(Date.UTC(2026, 10, 23, 22, 30)), "Asia/Dubai");
    expect(r.today).toBe("2026-11-24");
    expect(r.todayStart.toISOString()).toBe("2026-11-23T20:00:00.000Z");
    expect(r.tomorrowStart.toISOString()).toBe("2026-11-24T20:00:00.000Z");
    expect(r.weekEnd.toISOString()).toBe("2026-11-30T20:00:00.000Z");
  });
  it("splits today's demos from the rest of the week", () => {
    const r = agendaRange(new Date(Date.UTC(2026, 10, 23, 6)), "Asia/Dubai");
    const rows = [{ starts_at: "2026-11-23T09:00:00Z" }, { starts_at: "2026-11-23T19:59:00Z" }, { starts_at: "2026-11-23T20:00:00Z" }];
    const { today, week } = splitAgenda(rows, r);
    expect(today).toHaveLength(2);
    expect(week).toEqual([{ starts_at: "2026-11-23T20:00:00Z" }]);
  });
});
