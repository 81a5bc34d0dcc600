/** Fake free/busy for the booking stories: the real slot rules (src/lib/booking/availability.ts), with chosen slots taken. */
import type { DaySlots, LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { DEFAULT_AVAILABILITY, addDays, dateInZone, slotsOfDay } from "@/lib/booking/availability";

export function fakeSlots(now: () => Date, opts: { taken?: string[]; fail?: boolean; never?: boolean } = {}): LoadDaySlots {
  return async (date) => {
    if (opts.never) return new Promise<DaySlots>(() => undefined);
    if (opts.fail) throw new Error("offline");
    const a = DEFAULT_AVAILABILITY;
    const today = dateInZone(now(), a.timeZone);
    return {
      timeZone: a.timeZone,
      workingDays: [...a.workingDays],
      slotMinutes: 30,
      horizonDays: 365,
      today,
      firstDay: addDays(today, 1),
      date,
      slots: slotsOfDay(date, now(), a).map((s) => ({
        ...s,
        free: !(opts.taken ?? []).includes(s.time) && !(opts.taken ?? []).includes(`${s.date} ${s.time}`),
      })),
    };
  };
}
