/** The demo calendar's rules with a fixed clock (docs/product.md#booking). */
import { describe, expect, it } from "vitest";
import { articleBookingFormSchema, demoBookingFormSchema, demoBookingPayloadSchema } from "./schemas";
import * as v from "valibot";
import { isBookableDate, isWeekend, slotAsDate, timeSlots, weekdayOf } from "./booking-rules";

/** Friday 20 November 2026, 16:45 local time. */
const friday = new Date(2026, 10, 20, 16, 45);

describe("week-end rule", () => {
  it("knows the day of week of a calendar date, whatever the zone", () => {
    expect(weekdayOf("2026-11-21")).toBe(6);
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(weekdayOf("2026-11-23")).toBe(1);
  });
  it("Saturdays and Sundays are weekend days, Friday and Monday are not", () => {
    expect(isWeekend("2026-11-20")).toBe(false);
    expect(isWeekend("2026-11-21")).toBe(true);
    expect(isWeekend("2026-11-22")).toBe(true);
    expect(isWeekend("2026-11-23")).toBe(false);
  });
});

describe("bookable dates (browser: local days, nothing before now)", () => {
  it("today is not bookable (its midnight is before now), nor any earlier day", () => {
    expect(isBookableDate("2026-11-20", friday)).toBe(false);
    expect(isBookableDate("2026-11-19", friday)).toBe(false);
    expect(isBookableDate("2025-11-24", friday)).toBe(false);
  });
  it("the weekend after Friday is not bookable; Monday is the first bookable day", () => {
    expect(isBookableDate("2026-11-21", friday)).toBe(false);
    expect(isBookableDate("2026-11-22", friday)).toBe(false);
    expect(isBookableDate("2026-11-23", friday)).toBe(true);
  });
  it("just before midnight, tomorrow is bookable; just after, that day is today", () => {
    const lateMonday = new Date(2026, 10, 23, 23, 59, 59);
    expect(isBookableDate("2026-11-24", lateMonday)).toBe(true);
    const earlyTuesday = new Date(2026, 10, 24, 0, 0, 1);
    expect(isBookableDate("2026-11-24", earlyTuesday)).toBe(false);
    expect(isBookableDate("2026-11-25", earlyTuesday)).toBe(true);
  });
  it("rejects impossible and malformed dates", () => {
    expect(isBookableDate("2026-02-30", friday)).toBe(false);
    expect(isBookableDate("23/11/2026", friday)).toBe(false);
    expect(isBookableDate("", friday)).toBe(false);
  });
  it("the server accepts today's UTC date (the visitor's zone is unknown) but not yesterday", () => {
    const now = new Date(Date.UTC(2026, 10, 23, 12));
    expect(isBookableDate("2026-11-23", now, "server")).toBe(true);
    expect(isBookableDate("2026-11-20", now, "server")).toBe(false);
  });
});

describe("time slots", () => {
  it("the dialog lists 17 half-hour slots from 9:00 AM to 5:00 PM", () => {
    const slots = timeSlots("17:00");
    expect(slots).toHaveLength(17);
    expect(slots[0]).toBe("09:00");
    expect(slots[1]).toBe("09:30");
    expect(slots.at(-1)).toBe("17:00");
  });
  it("the article form lists 16 slots, to 4:30 PM", () => {
    const slots = timeSlots("16:30");
    expect(slots).toHaveLength(16);
    expect(slots.at(-1)).toBe("16:30");
  });
  it("formats a slot in each language", () => {
    const f = (intl: string) =>
      new Intl.DateTimeFormat(intl, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(slotAsDate("16:30"));
    expect(f("en-US")).toBe("4:30 PM");
    expect(f("ar-AE")).toMatch(/4:30|٤:٣٠/);
  });
});

describe("booking schemas with a fixed clock", () => {
  const base = {
    fullName: "Layla Haddad",
    email: "layla@dunesrealty.ae",
    countryCode: "+971",
    phone: "501234567",
    company: "",
    demoTime: "17:00",
  };
  it("the dialog accepts Monday at 5:00 PM and refuses the weekend and today", () => {
    const schema = demoBookingFormSchema(undefined, { now: () => friday });
    expect(v.safeParse(schema, { ...base, demoDate: "2026-11-23" }).success).toBe(true);
    expect(v.safeParse(schema, { ...base, demoDate: "2026-11-21" }).success).toBe(false);
    expect(v.safeParse(schema, { ...base, demoDate: "2026-11-20" }).success).toBe(false);
  });
  it("the dialog's company is optional", () => {
    const schema = demoBookingFormSchema(undefined, { now: () => friday });
    const { company: _c, ...rest } = base;
    expect(v.safeParse(schema, { ...rest, demoDate: "2026-11-23" }).success).toBe(true);
  });
  it("the article form offers the same business-clock slots as the dialog: 5:00 PM yes, 5:30 PM and 9:15 AM no", () => {
    const schema = articleBookingFormSchema(undefined, { now: () => friday });
    const input = {
      fullName: "Sophie Martin",
      email: "sophie@northrealty.ca",
      phone: "4165550199",
      company: "North Realty",
      country: "canada",
      demoDate: "2026-11-23",
    };
    expect(v.safeParse(schema, { ...input, demoTime: "16:30" }).success).toBe(true);
    expect(v.safeParse(schema, { ...input, demoTime: "17:00" }).success).toBe(true);
    expect(v.safeParse(schema, { ...input, demoTime: "17:30" }).success).toBe(false);
    expect(v.safeParse(schema, { ...input, demoTime: "09:15" }).success).toBe(false);
  });
  it("the wire payload the dialog sends passes the server's schema", () => {
    const payload = {
      fullName: "Layla Haddad",
      email: "layla@dunesrealty.ae",
      phone: "+971501234567",
      company: "",
      demoDate: "2026-11-23",
      demoTime: "09:00",
    };
    expect(v.safeParse(demoBookingPayloadSchema({ now: () => friday }), payload).success).toBe(true);
  });
});
