import type { AgendaEntry } from "@/features/admin-agenda/api/agenda";

const base = {
  duration_minutes: 30,
  notes: null,
  rescheduled_from: null,
  rescheduled_at: null,
  rescheduled_by_email: null,
  cancelled_at: null,
  cancelled_by_email: null,
  cancel_reason: null,
  page_path: "/en",
  market_id: "uae",
  market_time_zone: "Asia/Dubai",
  assignee_id: "u-1",
  assignee_email: "huda@wasla.ae",
  created_at: "2026-11-20T08:00:00.000Z",
} as const;

/** "Now" of the stories: Monday 23 November 2026, 08:00 in Dubai. */
export const AGENDA_NOW = new Date("2026-11-23T04:00:00.000Z");

/** Monday 23 November 2026 (Dubai): two demos today, one moved, one cancelled, one later in the week. */
export const agendaToday: AgendaEntry[] = [
  {
    ...base,
    id: "b1",
    submission_id: "s1",
    lead_id: "l1",
    starts_at: "2026-11-23T06:00:00.000Z",
    status: "confirmed",
    visitor_time_zone: "America/Toronto",
    locale: "en",
    full_name: "Sophie Martin",
    email: "sophie@northrealty.ca",
    phone: "+14165550199",
    company: "North Realty",
    market_id: "canada",
    market_time_zone: "America/Toronto",
    assignee_email: "liam@wasla.ca",
  },
  {
    ...base,
    id: "b2",
    submission_id: "s2",
    lead_id: "l2",
    starts_at: "2026-11-23T08:30:00.000Z",
    status: "confirmed",
    visitor_time_zone: "Asia/Dubai",
    locale: "ar",
    full_name: "ليلى حداد",
    email: "layla@dunesrealty.ae",
    phone: "+971501234567",
    company: "Dunes Realty",
    rescheduled_from: "2026-11-20T08:00:00.000Z",
    rescheduled_by_email: "huda@wasla.ae",
  },
  {
    ...base,
    id: "b3",
    submission_id: "s3",
    lead_id: "l3",
    starts_at: "2026-11-23T10:00:00.000Z",
    status: "cancelled",
    visitor_time_zone: "Europe/London",
    locale: "en",
    full_name: "James Whitfield",
    email: "james@example.co.uk",
    phone: "+447700900123",
    company: "",
    cancelled_at: "2026-11-22T12:00:00.000Z",
    cancelled_by_email: "huda@wasla.ae",
    cancel_reason: "Asked to be called next month",
  },
];

export const agendaWeek: AgendaEntry[] = [
  {
    ...base,
    id: "b4",
    submission_id: "s4",
    lead_id: "l4",
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

/** A demo a year ahead (found by the list or by going to its date). */
export const agendaNextYear: AgendaEntry = {
  ...base,
  id: "b5",
  submission_id: "s5",
  lead_id: "l5",
  starts_at: "2027-11-23T06:00:00.000Z",
  status: "confirmed",
  visitor_time_zone: "Asia/Dubai",
  locale: "ar",
  full_name: "مريم الكعبي",
  email: "mariam@palmhomes.ae",
  phone: "+971502223344",
  company: "Palm Homes",
};

/** 26 upcoming demos: a full page and one more (the list has a next page). */
export const agendaManyUpcoming: AgendaEntry[] = Array.from({ length: 26 }, (_, i) => ({
  ...agendaWeek[0]!,
  id: `m${i}`,
  lead_id: `lm${i}`,
  full_name: `Client ${i + 1}`,
  starts_at: new Date(Date.parse("2026-11-24T05:00:00.000Z") + i * 86_400_000).toISOString(),
}));
