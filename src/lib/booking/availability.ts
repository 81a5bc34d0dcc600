/**
 * When demos can be booked (docs/markets.md, docs/product.md#booking): each market (public.markets: UAE,
 * Canada, …) has its own calendar on its own clock: working days, hours cut into slots, a minimum notice,
 * how far ahead, holidays. One module, used by the server (validation, free/busy, the 409 "next free
 * slots") and by the browser (labels, calendar).
 *
 * A slot is named by its market-clock date and time ("2026-11-30", "09:30"); its instant is where that
 * wall-clock time falls in the market's zone (`zonedInstant`).
 *
 * The calendars are data (src/lib/booking/markets.ts reads the rows); DEFAULT_AVAILABILITY is only the
 * UAE calendar's fallback for a caller that has no market yet (the first render of a form).
 */
// Relative imports only: the Edge Function (Deno) imports this module through src/lib/forms/schemas.ts.
import { zoneOffsetMs } from "../time-zone.ts";

/** The instant at which the wall clock in `timeZone` shows `date` `time` (two passes settle DST changes). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - zoneOffsetMs(timeZone, wall);
  guess = wall - zoneOffsetMs(timeZone, guess);
  return new Date(guess);
}

/** The slot length when a calendar does not say. */
const SLOT_MINUTES = 30;
/** How far ahead a demo can be booked when a calendar does not say. */
const BOOKING_HORIZON_DAYS = 365;

export interface Availability {
  timeZone: string;
  /** Days of the week demos happen on (0 = Sunday … 6 = Saturday). */
  workingDays: readonly number[];
  /** Minutes after midnight: first slot start, and the end of the last slot. */
  openMinute: number;
  closeMinute: number;
  /** 15, 30, 45 or 60 (SLOT_MINUTES when absent). */
  slotMinutes?: number;
  /** The earliest slot a visitor may take starts at least this long after now (none when absent). */
  minNoticeMinutes?: number;
  /** How many days after the market's today a visitor may book (BOOKING_HORIZON_DAYS when absent). */
  horizonDays?: number;
  /** Days without demos (YYYY-MM-DD on the market's clock). */
  holidays?: readonly string[];
}

/** Monday to Friday (Saturday and Sunday are the weekend, as in the UAE since 2022), 09:00 to 17:30 Dubai time: 17 slots, the last at 17:00; two hours' notice. */
export const DEFAULT_AVAILABILITY: Required<Availability> = {
  timeZone: "Asia/Dubai",
  workingDays: [1, 2, 3, 4, 5],
  openMinute: 9 * 60,
  closeMinute: 17 * 60 + 30,
  slotMinutes: SLOT_MINUTES,
  minNoticeMinutes: 120,
  horizonDays: BOOKING_HORIZON_DAYS,
  holidays: [],
};

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number) => String(n).padStart(2, "0");
export const minuteToTime = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;

/** The slot start times of any working day ("09:00" … "17:00"). */
export function slotTimes(a: Availability = DEFAULT_AVAILABILITY): string[] {
  const out: string[] = [];
  const step = a.slotMinutes || SLOT_MINUTES;
  for (let t = a.openMinute; t + step <= a.closeMinute; t += step) out.push(minuteToTime(t));
  return out;
}

/** Day of week (0 = Sunday) of a calendar date, independent of time zones. */
function weekdayOfDate(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Whether `iso` is a YYYY-MM-DD date that exists on the calendar ("2026-02-31" does not). */
export function isRealDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The calendar date in `timeZone` at `now` (YYYY-MM-DD). */
export function dateInZone(now: Date, timeZone: string): string {
  return new Date(now.getTime() + zoneOffsetMs(timeZone, now.getTime())).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The earliest instant a slot may start at: now plus the market's minimum notice. */
function earliestStart(now: Date, a: Availability = DEFAULT_AVAILABILITY): number {
  return now.getTime() + (a.minNoticeMinutes ?? 0) * 60_000;
}

/**
 * Whether demos can be booked on this market-clock date: a working day that is not a holiday, from the
 * market's today (when a slot of it is still after the minimum notice) to `horizonDays` ahead.
 */
export function isBookableDay(iso: string, now: Date, a: Availability = DEFAULT_AVAILABILITY): boolean {
  if (!isRealDate(iso) || !a.workingDays.includes(weekdayOfDate(iso))) return false;
  if (a.holidays?.includes(iso)) return false;
  const today = dateInZone(now, a.timeZone);
  if (iso < today || iso > addDays(today, a.horizonDays ?? BOOKING_HORIZON_DAYS)) return false;
  const last = slotTimes(a).at(-1);
  return last !== undefined && slotStart(iso, last, a).getTime() >= earliestStart(now, a);
}

/** @public Used by the Edge Functions' handlers through their copy (scripts/functions-domain.mjs). */
export interface Slot {
  date: string;
  time: string;
  /** ISO instant of the start. */
  start: string;
}

export function slotStart(date: string, time: string, a: Availability = DEFAULT_AVAILABILITY): Date {
  return zonedInstant(date, time, a.timeZone);
}

/** Whether (date, time) names a slot that can be booked now. */
export function isBookableSlot(date: string, time: string, now: Date, a: Availability = DEFAULT_AVAILABILITY): boolean {
  return slotsOfDay(date, now, a).some((s) => s.time === time);
}

/** Every slot of a bookable day (none for a day that cannot be booked). */
export function slotsOfDay(date: string, now: Date, a: Availability = DEFAULT_AVAILABILITY): Slot[] {
  if (!isBookableDay(date, now, a)) return [];
  const out: Slot[] = [];
  const earliest = earliestStart(now, a);
  for (const time of slotTimes(a)) {
    const start = slotStart(date, time, a);
    if (start.getTime() < earliest) continue;
    // A wall-clock time the zone skips (a daylight-saving spring-forward gap) is not a slot.
    const wall = new Date(start.getTime() + zoneOffsetMs(a.timeZone, start.getTime())).toISOString();
    if (wall.slice(0, 10) !== date || wall.slice(11, 16) !== time) continue;
    out.push({ date, time, start: start.toISOString() });
  }
  return out;
}

/**
 * The first `count` free slots from `fromDate` on (taken: instants already booked, as ms since the epoch),
 * looking at most `maxDays` days ahead.
 */
export function nextFreeSlots(
  now: Date,
  taken: ReadonlySet<number>,
  count: number,
  a: Availability = DEFAULT_AVAILABILITY,
  fromDate = dateInZone(now, a.timeZone),
  maxDays = 31,
): Slot[] {
  const out: Slot[] = [];
  for (let i = 0; i < maxDays && out.length < count; i++) {
    for (const s of slotsOfDay(addDays(fromDate, i), now, a)) {
      if (!taken.has(Date.parse(s.start))) out.push(s);
      if (out.length === count) break;
    }
  }
  return out;
}
