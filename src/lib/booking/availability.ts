/**
 * When demos can be booked (docs/product.md#booking): the business's working days and hours, on its own
 * clock (BUSINESS_TIME_ZONE, Asia/Dubai by default), cut into 30-minute slots. One module, used by the
 * server (validation, free/busy, the 409 "next free slots") and by the browser (labels, calendar).
 *
 * A slot is named by its business-clock date and time ("2026-11-30", "09:30"); its instant is where
 * that wall-clock time falls in the business zone (`zonedInstant`).
 *
 * Settings (env, server): BOOKING_WORKING_DAYS ("1-5" = Monday to Friday; "0-4", "1,2,3,4,5"),
 * BOOKING_HOURS ("09:00-17:30": the first slot starts at 09:00, the last one ends at 17:30).
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

export const SLOT_MINUTES = 30;
/** How far ahead a demo can be booked. */
export const BOOKING_HORIZON_DAYS = 365;

export interface Availability {
  timeZone: string;
  /** Days of the week demos happen on (0 = Sunday … 6 = Saturday). */
  workingDays: readonly number[];
  /** Minutes after midnight: first slot start, and the end of the last slot. */
  openMinute: number;
  closeMinute: number;
}

/** Monday to Friday (Saturday and Sunday are the weekend, as in the UAE since 2022), 09:00 to 17:30 Dubai time: 17 slots, the last at 17:00. */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: "Asia/Dubai",
  workingDays: [1, 2, 3, 4, 5],
  openMinute: 9 * 60,
  closeMinute: 17 * 60 + 30,
};

function validZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const hhmm = (s: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 24 && min < 60 && h * 60 + min <= 24 * 60 ? h * 60 + min : null;
};

/** Reads BUSINESS_TIME_ZONE, BOOKING_WORKING_DAYS and BOOKING_HOURS; throws on a value it cannot use. */
export function availabilityFromEnv(env: Record<string, string | undefined>): Availability {
  const timeZone = env.BUSINESS_TIME_ZONE?.trim() || DEFAULT_AVAILABILITY.timeZone;
  if (!validZone(timeZone)) throw new Error(`BUSINESS_TIME_ZONE is not a time zone: ${timeZone}`);
  let workingDays = DEFAULT_AVAILABILITY.workingDays;
  const days = env.BOOKING_WORKING_DAYS?.trim();
  if (days) {
    const set = new Set<number>();
    for (const part of days.split(",")) {
      const m = /^\s*([0-6])\s*(?:-\s*([0-6])\s*)?$/.exec(part);
      if (!m) throw new Error(`BOOKING_WORKING_DAYS must be days 0-6 (0 = Sunday), e.g. "1-5": ${days}`);
      const a = Number(m[1]);
      const b = m[2] === undefined ? a : Number(m[2]);
      for (let d = a; d !== (b + 1) % 7; d = (d + 1) % 7) set.add(d);
      set.add(b);
    }
    workingDays = [...set].sort();
  }
  let { openMinute, closeMinute } = DEFAULT_AVAILABILITY;
  const hours = env.BOOKING_HOURS?.trim();
  if (hours) {
    const [a, b] = hours.split("-");
    const open = a === undefined ? null : hhmm(a);
    const close = b === undefined ? null : hhmm(b);
    if (open === null || close === null || close - open < SLOT_MINUTES || open % SLOT_MINUTES || close % SLOT_MINUTES) {
      throw new Error(`BOOKING_HOURS must be "HH:MM-HH:MM" on the half hour, at least one slot long, e.g. "09:00-17:30": ${hours}`);
    }
    openMinute = open;
    closeMinute = close;
  }
  return { timeZone, workingDays, openMinute, closeMinute };
}

const pad = (n: number) => String(n).padStart(2, "0");
export const minuteToTime = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;

/** The slot start times of any working day ("09:00" … "17:00"). */
export function slotTimes(a: Availability = DEFAULT_AVAILABILITY): string[] {
  const out: string[] = [];
  for (let t = a.openMinute; t + SLOT_MINUTES <= a.closeMinute; t += SLOT_MINUTES) out.push(minuteToTime(t));
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

/**
 * Whether demos can be booked on this business-clock date: a working day, after the business's today
 * (tomorrow in Dubai is the first bookable day: sales confirms every booking the day before), and at most
 * BOOKING_HORIZON_DAYS ahead.
 */
export function isBookableDay(iso: string, now: Date, a: Availability = DEFAULT_AVAILABILITY): boolean {
  if (!isRealDate(iso) || !a.workingDays.includes(weekdayOfDate(iso))) return false;
  const today = dateInZone(now, a.timeZone);
  return iso > today && iso <= addDays(today, BOOKING_HORIZON_DAYS);
}

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
  for (const time of slotTimes(a)) {
    const start = slotStart(date, time, a);
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
