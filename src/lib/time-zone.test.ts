import { describe, expect, it } from "vitest";
import { zoneOffsetMs } from "./time-zone";

const hours = (h: number) => h * 3_600_000;

describe("zoneOffsetMs", () => {
  it("gives Dubai's fixed +4 and Toronto's offset on each side of daylight saving", () => {
    expect(zoneOffsetMs("Asia/Dubai", Date.parse("2026-11-23T08:00:00Z"))).toBe(hours(4));
    expect(zoneOffsetMs("America/Toronto", Date.parse("2026-11-23T08:00:00Z"))).toBe(hours(-5));
    expect(zoneOffsetMs("America/Toronto", Date.parse("2026-07-01T08:00:00Z"))).toBe(hours(-4));
    expect(zoneOffsetMs("UTC", Date.parse("2026-07-01T08:00:00.750Z"))).toBe(0);
  });
});
