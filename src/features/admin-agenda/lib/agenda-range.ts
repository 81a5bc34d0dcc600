/**
 * The agenda's two lists on the business clock: today (from midnight in Dubai), and this week (the six
 * days after today). Pure, for a fixed clock in tests.
 */
import { addDays, dateInZone, slotStart } from "@/lib/booking/availability";

interface AgendaRange {
  today: string;
  /** Midnight at the start of today, of tomorrow, and seven days from today, on the business clock. */
  todayStart: Date;
  tomorrowStart: Date;
  weekEnd: Date;
}

export function agendaRange(now: Date, timeZone: string): AgendaRange {
  const today = dateInZone(now, timeZone);
  const a = { timeZone, workingDays: [0, 1, 2, 3, 4, 5, 6], openMinute: 0, closeMinute: 24 * 60 };
  return {
    today,
    todayStart: slotStart(today, "00:00", a),
    tomorrowStart: slotStart(addDays(today, 1), "00:00", a),
    weekEnd: slotStart(addDays(today, 7), "00:00", a),
  };
}

/** Splits rows into today's and the rest of the week's (rows are earliest first). */
export function splitAgenda<T extends { starts_at: string }>(rows: T[], range: AgendaRange): { today: T[]; week: T[] } {
  const cut = range.tomorrowStart.getTime();
  return { today: rows.filter((r) => Date.parse(r.starts_at) < cut), week: rows.filter((r) => Date.parse(r.starts_at) >= cut) };
}
