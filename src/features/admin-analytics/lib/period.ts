/**
 * The analytics page's periods (docs/analytics.md): the last 7, 28 or 90 days up to today, or a chosen range,
 * each compared with the period of the same length just before it. Days are UTC dates (YYYY-MM-DD), as the
 * roll-ups are.
 */
export type PeriodPreset = "7d" | "28d" | "90d" | "custom";

export interface Period {
  from: string;
  to: string;
}

export const PRESET_DAYS: Record<Exclude<PeriodPreset, "custom">, number> = { "7d": 7, "28d": 28, "90d": 90 };
/** The longest range the database answers (public.analytics_check_period). */
const MAX_DAYS = 366;

const DAY = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY));
export const daysIn = (p: Period) => Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / DAY) + 1;

/** The last `days` days, today included. */
export function lastDays(days: number, today: string): Period {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The period of the same length that ends the day before `p` starts. */
export function previousOf(p: Period): Period {
  const n = daysIn(p);
  return { from: addDays(p.from, -n), to: addDays(p.from, -1) };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const valid = (s: string) => ISO_DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && dayOf(new Date(`${s}T00:00:00Z`)) === s;

/** A chosen range, or why not: both days given, in order, not in the future, at most MAX_DAYS long. */
export function customPeriod(
  from: string,
  to: string,
  today: string,
): { ok: true; period: Period } | { ok: false; problem: "missing" | "order" | "future" | "long" } {
  if (!valid(from) || !valid(to)) return { ok: false, problem: "missing" };
  if (from > to) return { ok: false, problem: "order" };
  if (to > today) return { ok: false, problem: "future" };
  const period = { from, to };
  if (daysIn(period) > MAX_DAYS) return { ok: false, problem: "long" };
  return { ok: true, period };
}

/** Every day of a period with its value (0 where nothing was counted), in order. */
export function fillDays<T extends { day: string }>(p: Period, rows: T[], zero: (day: string) => T): T[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: T[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(byDay.get(d) ?? zero(d));
  return out;
}

/** The change from `before` to `now` as a fraction (0.25 = +25 %); null when there was nothing before. */
export function change(now: number, before: number): number | null {
  return before === 0 ? null : (now - before) / before;
}

/** `part / whole`, or null when there is no whole. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}
