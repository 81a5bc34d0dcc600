/**
 * What the agenda shows (docs/leads.md#agenda): a day, a week (from a date) or a list; upcoming, past,
 * cancelled or every booking; a page at a time. The state lives in the address (?view=&filter=&date=&page=)
 * so a link opens the same agenda. Days are on the member's clock. Pure, for a fixed clock in tests.
 */
import { addDays, dateInZone, slotStart } from "@/lib/booking/availability";
import type { AgendaPageQuery } from "../api/agenda";

export type AgendaViewKind = "day" | "week" | "list";
export type AgendaFilter = "upcoming" | "past" | "cancelled" | "all";

export interface AgendaQuery {
  view: AgendaViewKind;
  filter: AgendaFilter;
  /** The day shown, or the week's first day (YYYY-MM-DD on the member's clock); unused by the list. */
  date: string;
  /** The list's page (0-based). */
  page: number;
}

export const AGENDA_PAGE_SIZE = 25;
const VIEWS: AgendaViewKind[] = ["day", "week", "list"];
const FILTERS: AgendaFilter[] = ["upcoming", "past", "cancelled", "all"];

function defaultAgendaQuery(now: Date, timeZone: string): AgendaQuery {
  return { view: "week", filter: "all", date: dateInZone(now, timeZone), page: 0 };
}

export function agendaQueryFromSearch(search: string, now: Date, timeZone: string): AgendaQuery {
  const p = new URLSearchParams(search);
  const d = defaultAgendaQuery(now, timeZone);
  const view = VIEWS.find((v) => v === p.get("view")) ?? d.view;
  const filter = FILTERS.find((f) => f === p.get("filter")) ?? (view === "list" ? "upcoming" : d.filter);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(p.get("date") ?? "") ? p.get("date")! : d.date;
  const page = Math.max(0, Math.min(10_000, Number.parseInt(p.get("page") ?? "0", 10) || 0));
  return { view, filter, date, page };
}

export function agendaQueryToSearch(q: AgendaQuery): string {
  const p = new URLSearchParams({ view: q.view, filter: q.filter });
  if (q.view !== "list") p.set("date", q.date);
  if (q.view === "list" && q.page > 0) p.set("page", String(q.page));
  return `?${p}`;
}

const wholeDay = (timeZone: string) => ({ timeZone, workingDays: [0, 1, 2, 3, 4, 5, 6], openMinute: 0, closeMinute: 24 * 60 });

/** Midnight starting `date` on the clock of `timeZone`. */
export function dayStart(date: string, timeZone: string): Date {
  return slotStart(date, "00:00", wholeDay(timeZone));
}

/** The database query of an agenda query (one more row than a page, to know whether another follows). */
export function agendaPageQuery(q: AgendaQuery, now: Date, timeZone: string): AgendaPageQuery {
  const status = q.filter === "cancelled" ? "cancelled" : q.filter === "all" ? null : "confirmed";
  if (q.view === "list") {
    return {
      from: q.filter === "upcoming" ? now : null,
      to: q.filter === "past" ? now : null,
      status,
      descending: q.filter !== "upcoming",
      limit: AGENDA_PAGE_SIZE + 1,
      offset: q.page * AGENDA_PAGE_SIZE,
    };
  }
  let from = dayStart(q.date, timeZone);
  let to = dayStart(addDays(q.date, q.view === "day" ? 1 : 7), timeZone);
  if (q.filter === "upcoming" && from < now) from = now;
  if (q.filter === "past" && to > now) to = now;
  return { from, to, status, descending: false, limit: 200 };
}

/** The range before or after (a day or a week), or the list's next page. */
export function stepAgenda(q: AgendaQuery, direction: 1 | -1): AgendaQuery {
  if (q.view === "list") return { ...q, page: Math.max(0, q.page + direction) };
  return { ...q, date: addDays(q.date, direction * (q.view === "day" ? 1 : 7)) };
}

/** Rows grouped by day on the member's clock, in the order given. */
export function groupByDay<T extends { starts_at: string }>(rows: T[], timeZone: string): Array<{ date: string; rows: T[] }> {
  const groups: Array<{ date: string; rows: T[] }> = [];
  for (const r of rows) {
    const date = dateInZone(new Date(r.starts_at), timeZone);
    const last = groups.at(-1);
    if (last?.date === date) last.rows.push(r);
    else groups.push({ date, rows: [r] });
  }
  return groups;
}
