/** A market's calendar as the editor shows it (times as "HH:MM", holidays and countries as text) and back. */
import { isRealDate, isTimeZone, minuteToTime } from "@/lib/booking/availability";
import type { MarketRecord } from "../api/markets";

export interface MarketDraft {
  id: string;
  nameEn: string;
  nameAr: string;
  timeZone: string;
  workingDays: number[];
  open: string;
  close: string;
  slotMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** One YYYY-MM-DD per line. */
  holidays: string;
  /** ISO alpha-2 codes, separated by commas or spaces. */
  countryCodes: string;
  isDefault: boolean;
  position: number;
}

export type DraftProblem = "id" | "names" | "timeZone" | "workingDays" | "hours" | "minNotice" | "horizon" | "holidays" | "countryCodes";

export const draftOf = (m: MarketRecord): MarketDraft => ({
  id: m.id,
  nameEn: m.name_en,
  nameAr: m.name_ar,
  timeZone: m.time_zone,
  workingDays: [...m.working_days].sort(),
  open: minuteToTime(m.open_minute),
  close: minuteToTime(m.close_minute),
  slotMinutes: m.slot_minutes,
  minNoticeMinutes: m.min_notice_minutes,
  horizonDays: m.horizon_days,
  holidays: [...m.holidays].sort().join("\n"),
  countryCodes: m.country_codes.join(", "),
  isDefault: m.is_default,
  position: m.position,
});

export const emptyDraft = (position: number): MarketDraft => ({
  id: "",
  nameEn: "",
  nameAr: "",
  timeZone: "",
  workingDays: [1, 2, 3, 4, 5],
  open: "09:00",
  close: "17:30",
  slotMinutes: 30,
  minNoticeMinutes: 120,
  horizonDays: 365,
  holidays: "",
  countryCodes: "",
  isDefault: false,
  position,
});

const minutesOf = (hhmm: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
};

const list = (s: string) =>
  s
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** The problems of a draft (none: it can be saved), as the database's checks would find them. */
export function draftProblems(d: MarketDraft): DraftProblem[] {
  const out: DraftProblem[] = [];
  if (!/^[a-z][a-z0-9-]{1,31}$/.test(d.id)) out.push("id");
  if (!d.nameEn.trim() || !d.nameAr.trim() || d.nameEn.trim().length > 80 || d.nameAr.trim().length > 80) out.push("names");
  if (!d.timeZone || !isTimeZone(d.timeZone)) out.push("timeZone");
  if (!d.workingDays.length) out.push("workingDays");
  const open = minutesOf(d.open);
  const close = d.close === "24:00" ? 1440 : minutesOf(d.close);
  if (Number.isNaN(open) || Number.isNaN(close) || open + d.slotMinutes > close || (close - open) % d.slotMinutes !== 0 || open % 15)
    out.push("hours");
  if (!Number.isInteger(d.minNoticeMinutes) || d.minNoticeMinutes < 0 || d.minNoticeMinutes > 10080) out.push("minNotice");
  if (!Number.isInteger(d.horizonDays) || d.horizonDays < 1 || d.horizonDays > 730) out.push("horizon");
  const holidays = list(d.holidays);
  if (holidays.length > 400 || holidays.some((h) => !isRealDate(h))) out.push("holidays");
  if (list(d.countryCodes).some((c) => !/^[A-Za-z]{2}$/.test(c))) out.push("countryCodes");
  return out;
}

export const recordOf = (d: MarketDraft): MarketRecord => ({
  id: d.id,
  name_en: d.nameEn.trim(),
  name_ar: d.nameAr.trim(),
  time_zone: d.timeZone.trim(),
  working_days: [...d.workingDays].sort(),
  open_minute: minutesOf(d.open),
  close_minute: d.close === "24:00" ? 1440 : minutesOf(d.close),
  slot_minutes: d.slotMinutes,
  min_notice_minutes: d.minNoticeMinutes,
  horizon_days: d.horizonDays,
  holidays: [...new Set(list(d.holidays))].sort(),
  country_codes: [...new Set(list(d.countryCodes).map((c) => c.toUpperCase()))],
  is_default: d.isDefault,
  position: d.position,
});
