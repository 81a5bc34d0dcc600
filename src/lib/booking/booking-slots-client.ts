/** Free/busy for the booking forms: the `booking-slots` function (docs/product.md#booking, docs/markets.md). */
import type { Market } from "@/lib/booking/markets";
import type { FreeSlot } from "@/lib/submit/outbox";
import { getSupabase } from "@/lib/supabase/client";

export interface BookingSettings {
  /** The market these settings are of ("uae"). */
  market?: string;
  /** Every market and its calendar (the switcher's choices). */
  markets?: Market[];
  /** The market's clock slots are on ("Asia/Dubai"). */
  timeZone: string;
  /** 0 = Sunday … 6 = Saturday. */
  workingDays: number[];
  slotMinutes: number;
  horizonDays: number;
  holidays?: string[];
  /** The market's today and its first bookable day (YYYY-MM-DD). */
  today: string;
  firstDay: string;
}

export interface DaySlot extends FreeSlot {
  free: boolean;
}

export interface DaySlots extends BookingSettings {
  date: string;
  slots: DaySlot[];
}

/** Loads the slots of a market-clock day, free and taken (the default market when none is given). Throws when the server cannot be reached. */
export type LoadDaySlots = (date: string, market?: string) => Promise<DaySlots>;

async function invoke<T>(query: string): Promise<T> {
  const client = await getSupabase();
  const { data, error } = await client.functions.invoke<T>(`booking-slots${query}`, { method: "GET", timeout: 15_000 });
  if (error || !data) throw error ?? new Error("booking-slots: empty answer");
  return data;
}

const marketParam = (market?: string) => (market ? `market=${encodeURIComponent(market)}` : "");

export const loadDaySlots: LoadDaySlots = (date, market) =>
  invoke<DaySlots>(`?${[marketParam(market), `date=${encodeURIComponent(date)}`].filter(Boolean).join("&")}`);
export const loadBookingSettings = (market?: string) => invoke<BookingSettings>(market ? `?${marketParam(market)}` : "");
/** The markets and their calendars (the booking forms' switcher). */
export const loadMarkets = async (): Promise<Market[]> => (await loadBookingSettings()).markets ?? [];
