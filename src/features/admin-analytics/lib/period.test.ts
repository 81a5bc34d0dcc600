import { describe, expect, it } from "vitest";
import { change, customPeriod, daysIn, fillDays, lastDays, previousOf, rate } from "./period";

describe("analytics periods", () => {
  it("takes the last N days up to today and compares with the N days before", () => {
    const p = lastDays(7, "2026-11-27");
    expect(p).toEqual({ from: "2026-11-21", to: "2026-11-27" });
    expect(daysIn(p)).toBe(7);
    expect(previousOf(p)).toEqual({ from: "2026-11-14", to: "2026-11-20" });
    expect(previousOf(lastDays(90, "2026-03-01"))).toEqual({ from: "2025-09-03", to: "2025-12-01" });
  });

  it("checks a chosen range", () => {
    expect(customPeriod("2026-11-01", "2026-11-10", "2026-11-27")).toEqual({ ok: true, period: { from: "2026-11-01", to: "2026-11-10" } });
    expect(customPeriod("", "2026-11-10", "2026-11-27")).toEqual({ ok: false, problem: "missing" });
    expect(customPeriod("2026-02-30", "2026-03-01", "2026-11-27")).toEqual({ ok: false, problem: "missing" });
    expect(customPeriod("2026-11-10", "2026-11-01", "2026-11-27")).toEqual({ ok: false, problem: "order" });
    expect(customPeriod("2026-11-10", "2026-11-28", "2026-11-27")).toEqual({ ok: false, problem: "future" });
    expect(customPeriod("2024-01-01", "2026-11-01", "2026-11-27")).toEqual({ ok: false, problem: "long" });
  });

  it("fills the days without data with zeros", () => {
    const days = fillDays({ from: "2026-11-25", to: "2026-11-27" }, [{ day: "2026-11-26", views: 4 }], (day) => ({ day, views: 0 }));
    expect(days).toEqual([
      { day: "2026-11-25", views: 0 },
      { day: "2026-11-26", views: 4 },
      { day: "2026-11-27", views: 0 },
    ]);
  });

  it("computes changes and rates, with nothing to compare against as null", () => {
    expect(change(150, 100)).toBe(0.5);
    expect(change(50, 100)).toBe(-0.5);
    expect(change(5, 0)).toBeNull();
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(1, 0)).toBeNull();
  });
});
