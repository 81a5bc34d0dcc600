/**
 * One clock rule in the admin (docs/leads.md#clocks): every date and time says its zone ("Dec 4, 9:05 AM
 * GST"), on the signed-in member's own zone (administrators.time_zone, first taken from the browser);
 * a time that belongs to a market also shows the market's clock beside it.
 */
import { createContext, type ReactNode, useContext } from "react";

/** Short names Intl does not give ("GMT+4" is written "GST"), per zone. */
const ABBREVIATIONS: Record<string, string> = {
  "Asia/Dubai": "GST",
  "Asia/Muscat": "GST",
  "Asia/Riyadh": "AST",
  "Asia/Qatar": "AST",
  "Asia/Bahrain": "AST",
  "Asia/Kuwait": "AST",
};

/** The browser's zone, or Dubai when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "Asia/Dubai";
  } catch {
    return "Asia/Dubai";
  }
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const intlOf = (locale: "ar" | "en") => (locale === "ar" ? "ar-AE" : "en-US");

/** The zone's short name at that instant ("GST", "EST", "EDT", "UTC"). */
export function zoneName(instant: Date, timeZone: string, locale: "ar" | "en"): string {
  if (locale === "en" && ABBREVIATIONS[timeZone]) return ABBREVIATIONS[timeZone];
  try {
    const parts = new Intl.DateTimeFormat(intlOf(locale), { timeZone, timeZoneName: "short" }).formatToParts(instant);
    return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

type StaffDateStyle = "dateTime" | "time" | "date" | "weekdayDateTime";

/** "Dec 4, 9:05 AM GST" (or the time, or the date) on `timeZone`, always with the zone's name. */
export function formatZoned(instant: Date | string, timeZone: string, locale: "ar" | "en", style: StaffDateStyle = "dateTime"): string {
  const at = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return "";
  const options: Intl.DateTimeFormatOptions =
    style === "time"
      ? { hour: "numeric", minute: "2-digit" }
      : style === "date"
        ? { day: "numeric", month: "short", year: "numeric" }
        : style === "weekdayDateTime"
          ? { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }
          : { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" };
  let text: string;
  try {
    text = new Intl.DateTimeFormat(intlOf(locale), { ...options, timeZone }).format(at);
  } catch {
    return at.toISOString();
  }
  return `${text} ${zoneName(at, timeZone, locale)}`;
}

const StaffClock = createContext<string | null>(null);

export function StaffClockProvider({ timeZone, children }: { timeZone: string | null; children: ReactNode }) {
  return <StaffClock.Provider value={timeZone}>{children}</StaffClock.Provider>;
}

/** The signed-in member's zone (the browser's until their profile is loaded). */
export function useStaffTimeZone(): string {
  return useContext(StaffClock) ?? browserTimeZone();
}
