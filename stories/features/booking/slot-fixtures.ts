/** Fake free/busy for the booking stories: the real slot rules (src/lib/booking/availability.ts) of the seeded markets, with chosen slots taken. */
import type { DaySlots, LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { addDays, dateInZone, slotsOfDay } from "@/lib/booking/availability";
import { DEFAULT_MARKETS, type Market } from "@/lib/booking/markets";

/** The seeded markets (UAE, Canada), as the server would answer them. */
export const fakeMarkets = async (): Promise<Market[]> => [...DEFAULT_MARKETS];

export function fakeSlots(now: () => Date, opts: { taken?: string[]; fail?: boolean; never?: boolean } = {}): LoadDaySlots {
  return async (date, market) => {
    if (opts.never) return new Promise<DaySlots>(() => undefined);
    if (opts.fail) throw new Error("offline");
    const a = DEFAULT_MARKETS.find((m) => m.id === market) ?? DEFAULT_MARKETS[0]!;
    const today = dateInZone(now(), a.timeZone);
    return {
      market: a.id,
      timeZone: a.timeZone,
      workingDays: [...a.workingDays],
      slotMinutes: a.slotMinutes,
      horizonDays: a.horizonDays,
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
