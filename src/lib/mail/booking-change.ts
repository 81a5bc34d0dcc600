/**
 * A change to a demo booking that the visitor is told about: the data that public.booking_notify puts in
 * a booking_confirmation row of the mail outbox (supabase/migrations/20261124005001_bookings.sql). No
 * Lingui macros here: the mail worker imports it directly.
 */
import { dateInZone, minuteToTime } from "../booking/availability.ts";
import { zoneOffsetMs } from "../time-zone.ts";

export interface BookingChange {
  event: "rescheduled" | "cancelled";
  /** ISO instants. */
  startsAt: string;
  previousStartsAt?: string | null;
  sequence: number;
}

/** A mail_outbox row's data as a booking change, or undefined (a first confirmation). */
export function bookingChangeOf(data: unknown): BookingChange | undefined {
  const d = data as Partial<BookingChange> | null;
  if (
    !d ||
    (d.event !== "rescheduled" && d.event !== "cancelled") ||
    typeof d.startsAt !== "string" ||
    Number.isNaN(Date.parse(d.startsAt))
  )
    return undefined;
  return {
    event: d.event,
    startsAt: new Date(d.startsAt).toISOString(),
    previousStartsAt: typeof d.previousStartsAt === "string" ? new Date(d.previousStartsAt).toISOString() : null,
    sequence: Number(d.sequence) || 1,
  };
}

/** The wall-clock date and time of `instant` in `timeZone` ("2026-11-30", "09:30"). */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + zoneOffsetMs(timeZone, instant.getTime()));
  return { date: dateInZone(instant, timeZone), time: minuteToTime(shifted.getUTCHours() * 60 + shifted.getUTCMinutes()) };
}
