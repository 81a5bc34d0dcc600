/**
 * A demo-booking invitation as an iCalendar file (RFC 5545, METHOD:REQUEST) that Google Calendar,
 * Outlook and Apple Calendar open as an invitation: one VEVENT with a stable UID, ORGANIZER and
 * ATTENDEE, start in the business time zone (TZID with a VTIMEZONE block), 30 minutes long.
 */
import { zoneOffsetMs } from "../time-zone.ts";

/** The offset of `timeZone` from UTC at `instant`, in minutes (Asia/Dubai → 240). */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  return Math.round(zoneOffsetMs(timeZone, instant.getTime()) / 60_000);
}

/** The instant at which the wall clock in `timeZone` shows `date` ("2026-12-01") `time` ("09:30"). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset around a daylight-saving change.
  let guess = wall - zoneOffsetMinutes(timeZone, new Date(wall)) * 60_000;
  guess = wall - zoneOffsetMinutes(timeZone, new Date(guess)) * 60_000;
  return new Date(guess);
}

const pad = (n: number) => String(n).padStart(2, "0");
const utcStamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? "-" : "+";
  const a = Math.abs(minutes);
  return `${sign}${pad(Math.floor(a / 60))}${pad(a % 60)}`;
};

/** TEXT value escaping (RFC 5545 §3.3.11). */
const icsText = (s: string) => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = bytes.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74;
    if (size + n > limit) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join("\r\n ");
}

interface InviteInput {
  uid: string;
  /** YYYY-MM-DD and HH:MM on the business's wall clock. */
  date: string;
  time: string;
  timeZone: string;
  durationMinutes?: number;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  url?: string;
  /** When the invitation was made (DTSTAMP). */
  now?: Date;
  /** REQUEST (new or moved; the default) or CANCEL (the demo is off). */
  method?: "REQUEST" | "CANCEL";
  /** Bumped on every change (RFC 5545 SEQUENCE), so calendars apply the update to the same UID. */
  sequence?: number;
}

export function bookingInvite(input: InviteInput): string {
  const start = zonedInstant(input.date, input.time, input.timeZone);
  const minutes = input.durationMinutes ?? 30;
  const end = new Date(start.getTime() + minutes * 60_000);
  const local = (d: Date) => {
    const shifted = new Date(d.getTime() + zoneOffsetMinutes(input.timeZone, d) * 60_000);
    return utcStamp(shifted).slice(0, -1);
  };
  const offset = zoneOffsetMinutes(input.timeZone, start);
  const cn = (name: string) => `"${name.replace(/["\r\n]/g, "")}"`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Wasla//Demo booking//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${input.method ?? "REQUEST"}`,
    "BEGIN:VTIMEZONE",
    `TZID:${input.timeZone}`,
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    `TZOFFSETFROM:${offsetText(offset)}`,
    `TZOFFSETTO:${offsetText(offset)}`,
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    `UID:${input.uid}`,
    `DTSTAMP:${utcStamp(input.now ?? new Date())}`,
    `DTSTART;TZID=${input.timeZone}:${local(start)}`,
    `DTEND;TZID=${input.timeZone}:${local(end)}`,
    `SUMMARY:${icsText(input.summary)}`,
    `DESCRIPTION:${icsText(input.description)}`,
    ...(input.url ? [`URL:${input.url}`] : []),
    `ORGANIZER;CN=${cn(input.organizer.name)}:mailto:${input.organizer.email}`,
    `ATTENDEE;CN=${cn(input.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${input.attendee.email}`,
    `SEQUENCE:${input.sequence ?? 0}`,
    input.method === "CANCEL" ? "STATUS:CANCELLED" : "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${icsText(input.summary)}`,
    "TRIGGER:-PT15M",
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
