/**
 * Demo booking calendar rules (docs/product.md#booking): weekdays only, nothing before now,
 * 30-minute slots from 9:00. Pure functions over ISO dates ("2026-11-23") and "HH:MM" slots.
 */
import { isRealDate } from "@/lib/booking/availability";

/** The local calendar date of `d` as YYYY-MM-DD. */
function isoDate(d: Date): string {
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, "0");
  const day = String(d.getDate()).padStart(2, "0");
  return `${y}-${m}-${day}`;
}

/** The UTC calendar date of `d` as YYYY-MM-DD. */
function isoDateUTC(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Day of week (0 = Sunday … 6 = Saturday) of a calendar date, independent of time zones. */
export function weekdayOf(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isWeekend(iso: string): boolean {
  const day = weekdayOf(iso);
  return day === 0 || day === 6;
}

/** How far ahead a demo can be booked. */
const BOOKING_HORIZON_DAYS = 365;

/**
 * Whether a calendar date can be booked.
 * - In the browser (`mode: "local"`, the default) the calendar's days are local midnights, and a day
 *   whose midnight is before now is disabled: today and earlier are out, tomorrow is the first day.
 * - On the server (`mode: "server"`) the visitor's zone is unknown, so any date from the UTC date of
 *   now onwards is accepted (the earliest local "tomorrow" anywhere on Earth is never before it).
 */
export function isBookableDate(iso: string, now: Date, mode: "local" | "server" = "local"): boolean {
  if (!isRealDate(iso) || isWeekend(iso)) return false;
  const today = mode === "local" ? isoDate(now) : isoDateUTC(now);
  if (mode === "local" ? iso <= today : iso < today) return false;
  const horizon = new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000);
  return iso <= isoDateUTC(horizon);
}

/** 30-minute slots from 09:00 to `last` inclusive ("17:00" → 17 slots, "16:30" → 16). */
export function timeSlots(last: "17:00" | "16:30"): string[] {
  const [lh, lm] = last.split(":").map(Number) as [number, number];
  const end = lh * 60 + lm;
  const out: string[] = [];
  for (let t = 9 * 60; t <= end; t += 30) {
    out.push(`${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`);
  }
  return out;
}

/** "09:30" → a Date on 1970-01-01 UTC, for formatting the slot with Intl in any language. */
export function slotAsDate(slot: string): Date {
  const [h, m] = slot.split(":").map(Number) as [number, number];
  return new Date(Date.UTC(1970, 0, 1, h, m));
}
