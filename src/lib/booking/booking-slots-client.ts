/** Free/busy for the booking forms: the `booking-slots` function (docs/product.md#booking). */
import type { FreeSlot } from "@/lib/submit/outbox";
import { getSupabase } from "@/lib/supabase/client";

export interface BookingSettings {
  /** The business clock slots are on ("Asia/Dubai"). */
  timeZone: string;
  /** 0 = Sunday … 6 = Saturday. */
  workingDays: number[];
  slotMinutes: number;
  horizonDays: number;
  /** The business's today and its first bookable day (YYYY-MM-DD). */
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

/** Loads the slots of a business-clock day, free and taken. Throws when the server cannot be reached. */
export type LoadDaySlots = (date: string) => Promise<DaySlots>;

async function invoke<T>(query: string): Promise<T> {
  const client = await getSupabase();
  const { data, error } = await client.functions.invoke<T>(`booking-slots${query}`, { method: "GET", timeout: 15_000 });
  if (error || !data) throw error ?? new Error("booking-slots: empty answer");
  return data;
}

export const loadDaySlots: LoadDaySlots = (date) => invoke<DaySlots>(`?date=${encodeURIComponent(date)}`);
export const loadBookingSettings = () => invoke<BookingSettings>("");
