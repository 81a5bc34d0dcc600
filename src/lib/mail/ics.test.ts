import { describe, expect, it } from "vitest";
import { bookingInvite, foldLine, zonedInstant, zoneOffsetMinutes } from "./ics";

describe("ics", () => {
  it("places a wall-clock slot in its zone, including across daylight saving", () => {
    expect(zonedInstant("2026-12-01", "10:30", "Asia/Dubai").toISOString()).toBe("2026-12-01T06:30:00.000Z");
    expect(zonedInstant("2026-07-01", "09:00", "America/Toronto").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedInstant("2026-12-01", "09:00", "America/Toronto").toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(zoneOffsetMinutes("Asia/Dubai", new Date())).toBe(240);
  });

  it("folds long lines at 75 octets without splitting a UTF-8 character", () => {
    const line = `DESCRIPTION:${"عرض توضيحي ".repeat(20)}`;
    const folded = foldLine(line).split("\r\n");
    for (const part of folded) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(line);
  });

  it("writes a 30-minute REQUEST in the business zone with escaped text", () => {
    const ics = bookingInvite({
      uid: "x@wasla.test",
      date: "2026-12-01",
      time: "16:30",
      timeZone: "Asia/Dubai",
      summary: "Demo; with, commas",
      description: "Line 1\nLine 2",
      organizer: { name: "Wasla", email: "sales@wasla.test" },
      attendee: { name: "Daniel", email: "daniel@example.com" },
      now: new Date("2026-11-23T00:00:00Z"),
    });
    expect(ics).toContain("METHOD:REQUEST\r\n");
    expect(ics).toContain("DTSTART;TZID=Asia/Dubai:20261201T163000\r\n");
    expect(ics).toContain("DTEND;TZID=Asia/Dubai:20261201T170000\r\n");
    expect(ics).toContain("TZOFFSETTO:+0400\r\n");
    expect(ics).toContain("SUMMARY:Demo\\; with\\, commas\r\n");
    expect(ics).toContain("DESCRIPTION:Line 1\\nLine 2\r\n");
  });
});
