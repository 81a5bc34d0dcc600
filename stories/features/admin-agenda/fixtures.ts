import type { AgendaRow } from "@/features/admin-agenda/api/agenda";

const base = { duration_minutes: 30, notes: null, rescheduled_from: null, cancelled_at: null, page_path: "/en" } as const;

/** Monday 23 November 2026 (Dubai): two demos today, one moved, one cancelled, one later in the week. */
export const agendaToday: AgendaRow[] = [
  {
    ...base,
    id: "b1",
    submission_id: "s1",
    starts_at: "2026-11-23T06:00:00.000Z",
    status: "confirmed",
    visitor_time_zone: "America/Toronto",
    locale: "en",
    full_name: "Sophie Martin",
    email: "sophie@northrealty.ca",
    phone: "+14165550199",
    company: "North Realty",
  },
  {
    ...base,
    id: "b2",
    submission_id: "s2",
    starts_at: "2026-11-23T08:30:00.000Z",
    status: "confirmed",
    visitor_time_zone: "Asia/Dubai",
    locale: "ar",
    full_name: "ليلى حداد",
    email: "layla@dunesrealty.ae",
    phone: "+971501234567",
    company: "Dunes Realty",
    rescheduled_from: "2026-11-20T08:00:00.000Z",
  },
  {
    ...base,
    id: "b3",
    submission_id: "s3",
    starts_at: "2026-11-23T10:00:00.000Z",
    status: "cancelled",
    visitor_time_zone: "Europe/London",
    locale: "en",
    full_name: "James Whitfield",
    email: "james@example.co.uk",
    phone: "+447700900123",
    company: "",
    cancelled_at: "2026-11-22T12:00:00.000Z",
  },
];

export const agendaWeek: AgendaRow[] = [
  {
    ...base,
    id: "b4",
    submission_id: "s4",
    starts_at: "2026-11-25T05:00:00.000Z",
    status: "confirmed",
    visitor_time_zone: "America/Vancouver",
    locale: "en",
    full_name: "Ethan Clarke",
    email: "ethan@coastrealty.ca",
    phone: "+16045550100",
    company: "Coast Realty",
  },
];
