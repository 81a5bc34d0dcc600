/** Reading stored form submissions (demo bookings, sales leads, newsletter sign-ups). */
import type { Tables } from "@/lib/database.types";
import { internationalPhone } from "@/lib/forms/schemas";
import { zoneOffsetMs } from "@/lib/time-zone";
export const LEAD_TYPES = ["demo_booking", "sales_lead", "newsletter"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const DUBAI_TIME_ZONE = "Asia/Dubai";

/** A stored submission as the leads screens read it: the row's columns, its form type and its payload's fields. */
export type Submission = Omit<Pick<Tables<"form_submissions">, SubmissionColumn>, "form_type" | "payload"> & SubmissionShape;
/** What the columns hold that the database types only know as `string` and `Json` (checked by the insert path). */
export interface SubmissionShape {
  form_type: LeadType;
  payload: Record<string, unknown>;
}
type SubmissionColumn =
  "id" | "form_type" | "payload" | "page_path" | "locale" | "time_zone" | "user_agent" | "submission_id" | "created_at";

export const SUBMISSION_COLUMNS = "id,form_type,payload,page_path,locale,time_zone,user_agent,submission_id,created_at";

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "");

export const leadName = (s: Submission) => str(s.payload.fullName);
export const leadEmail = (s: Submission) => str(s.payload.email);
export function leadPhone(s: Submission): string {
  // A sales lead carries its dial code and national number apart: joined again without the trunk 0
  // that leads stored before it was dropped at the source still have ("+971" + "0501234567").
  const dial = str(s.payload.countryCode);
  const national = str(s.payload.phoneNumber);
  if (dial && national) return internationalPhone(dial, national);
  return str(s.payload.phone);
}
export const leadCompany = (s: Submission) => str(s.payload.company) || str(s.payload.companyName);

/** Search by name or email, case-insensitive. */
export function matchesSearch(s: Submission, search: string): boolean {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return true;
  return leadName(s).toLocaleLowerCase().includes(q) || leadEmail(s).toLocaleLowerCase().includes(q);
}

/**
 * The instant of a wall-clock date and time in a time zone ("2026-03-02", "09:30", "America/Toronto").
 * Null when the values are not a valid date, time or zone.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  try {
    let guess = wall - zoneOffsetMs(timeZone, wall);
    guess = wall - zoneOffsetMs(timeZone, guess); // settle across a DST change
    return new Date(guess);
  } catch {
    return null;
  }
}

interface BookingTimes {
  /** In the visitor's time zone, with the zone's name. */
  visitor: string;
  visitorZone: string;
  /** The same moment in Dubai. */
  dubai: string;
}

/**
 * A demo booking's moment in the visitor's zone and in Dubai time. The booked date and time are the
 * business clock's (Dubai: the slots the forms offer, docs/product.md#booking), whatever the
 * visitor's own zone.
 */
export function bookingTimes(s: Submission, intl: string): BookingTimes | null {
  if (s.form_type !== "demo_booking") return null;
  const zone = s.time_zone || DUBAI_TIME_ZONE;
  const instant = zonedInstant(str(s.payload.demoDate).slice(0, 10), str(s.payload.demoTime), DUBAI_TIME_ZONE);
  if (!instant) return null;
  const fmt = (timeZone: string) => new Intl.DateTimeFormat(intl, { timeZone, dateStyle: "full", timeStyle: "short" }).format(instant);
  return { visitor: fmt(zone), visitorZone: zone, dubai: fmt(DUBAI_TIME_ZONE) };
}
