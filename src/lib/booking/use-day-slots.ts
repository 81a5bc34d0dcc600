/** The free slots of the chosen day of a market, reloaded when the day or the market changes, or after a slot was taken. */
import { useCallback, useEffect, useState } from "react";
import { DEFAULT_AVAILABILITY } from "@/lib/booking/availability";
import { type DaySlot, type LoadDaySlots, loadDaySlots } from "@/lib/booking/booking-slots-client";

export type DaySlotsState =
  { status: "idle" } | { status: "loading" } | { status: "ready"; timeZone: string; slots: DaySlot[] } | { status: "error" };

export function useDaySlots(date: string, load: LoadDaySlots = loadDaySlots, market?: string) {
  const [state, setState] = useState<DaySlotsState>({ status: "idle" });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!date) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    load(date, market).then(
      (r) => live && setState({ status: "ready", timeZone: r.timeZone || DEFAULT_AVAILABILITY.timeZone, slots: r.slots }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, [date, load, market, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, reload };
}
