import { describe, expect, it } from "vitest";
import { type Submission, bookingTimes, leadPhone, matchesSearch, zonedInstant } from "./leads";

const row = (over: Partial<Submission>): Submission => ({
  id: "1",
  form_type: "demo_booking",
  payload: {},
  page_path: "/",
  locale: "en",
  time_zone: "America/Toronto",
  user_agent: null,
  submission_id: "s1",
  created_at: "2026-03-01T10:00:00Z",
  ...over,
});

describe("zonedInstant", () => {
  it("turns a wall-clock time in a zone into the instant", () => {
    expect(zonedInstant("2026-03-02", "09:30", "America/Toronto")?.toISOString()).toBe("2026-03-02T14:30:00.000Z");
    expect(zonedInstant("2026-07-02", "09:30", "America/Toronto")?.toISOString()).toBe("2026-07-02T13:30:00.000Z");
    expect(zonedInstant("2026-03-02", "09:30", "Asia/Dubai")?.toISOString()).toBe("2026-03-02T05:30:00.000Z");
  });

  it("refuses bad input", () => {
    expect(zonedInstant("2026-3-2", "09:30", "Asia/Dubai")).toBeNull();
    expect(zonedInstant("2026-03-02", "930", "Asia/Dubai")).toBeNull();
    expect(zonedInstant("2026-03-02", "09:30", "Not/AZone")).toBeNull();
  });
});

describe("bookingTimes", () => {
  it("reads the booked slot on the Dubai clock and shows it in Toronto time too", () => {
    // The forms offer Dubai slots: 10:00 in Dubai on 26 November is 01:00 in Toronto.
    const times = bookingTimes(row({ payload: { demoDate: "2026-11-26", demoTime: "10:00" } }), "en-US");
    expect(times?.visitorZone).toBe("America/Toronto");
    expect(times?.dubai).toMatch(/Thursday, November 26, 2026.*10:00\s?AM/);
    expect(times?.visitor).toMatch(/Thursday, November 26, 2026.*1:00\s?AM/);
  });

  it("is null for other forms", () => {
    expect(bookingTimes(row({ form_type: "newsletter" }), "en-US")).toBeNull();
  });
});

describe("lead fields", () => {
  it("reads the phone of both lead forms and searches name or email", () => {
    expect(leadPhone(row({ payload: { phone: "+971501234567" } }))).toBe("+971501234567");
    expect(leadPhone(row({ payload: { countryCode: "+1", phoneNumber: "4165550100" } }))).toBe("+14165550100");
    // a sales lead stored with the trunk 0 the visitor typed is called and messaged without it
    expect(leadPhone(row({ payload: { countryCode: "+971", phoneNumber: "0501234567", phone: "+9710501234567" } }))).toBe("+971501234567");
    const r = row({ payload: { fullName: "Sara Al Mansouri", email: "sara@example.ae" } });
    expect(matchesSearch(r, "mansouri")).toBe(true);
    expect(matchesSearch(r, "EXAMPLE.AE")).toBe(true);
    expect(matchesSearch(r, "toronto")).toBe(false);
  });
});
