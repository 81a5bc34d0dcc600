import { describe, expect, it } from "vitest";
import { utcDay, visitorHash } from "./beacon.ts";
import { mondayOf } from "./jobs.ts";

describe("visitorHash (a day's visitor)", () => {
  const ua = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36";
  const site = "https://wasla.example";

  it("is the same for one address and browser on one day, different across days, sites, addresses and browsers", () => {
    const today = visitorHash("salt-of-today-0123456789abcdef0123456789", site, "203.0.113.7", ua);
    expect(visitorHash("salt-of-today-0123456789abcdef0123456789", site, "203.0.113.7", ua)).toBe(today);
    expect(visitorHash("salt-of-tomorrow-0123456789abcdef01234567", site, "203.0.113.7", ua)).not.toBe(today);
    expect(visitorHash("salt-of-today-0123456789abcdef0123456789", "https://other.example", "203.0.113.7", ua)).not.toBe(today);
    expect(visitorHash("salt-of-today-0123456789abcdef0123456789", site, "203.0.113.8", ua)).not.toBe(today);
    expect(visitorHash("salt-of-today-0123456789abcdef0123456789", site, "203.0.113.7", `${ua} Edg/131`)).not.toBe(today);
  });

  it("holds nothing of its inputs", () => {
    const h = visitorHash("salt", site, "203.0.113.7", ua);
    expect(h).toMatch(/^[\w-]{22}$/);
    expect(h).not.toContain("203");
  });
});

describe("days", () => {
  it("counts in UTC days and weeks from Monday", () => {
    expect(utcDay(new Date("2026-11-27T23:59:59+04:00"))).toBe("2026-11-27");
    expect(utcDay(new Date("2026-11-28T01:00:00+04:00"))).toBe("2026-11-27");
    expect(mondayOf(new Date("2026-11-27T10:00:00Z"))).toBe("2026-11-23");
    expect(mondayOf(new Date("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
    expect(mondayOf(new Date("2026-11-29T23:59:59Z"))).toBe("2026-11-23");
  });
});
