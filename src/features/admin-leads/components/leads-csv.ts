import type { Channel } from "@/lib/attribution/attribution";
import { csvText, toCsv } from "@/lib/csv";
import { DUBAI_TIME_ZONE } from "../lib/leads";
import { e164Phone } from "../lib/phone";
import type { Lead } from "../lib/pipeline";

interface LeadsCsvLabels {
  headers: string[];
  status: (s: Lead["status"]) => string;
  type: (t: string) => string;
  owner: (id: string | null) => string;
  /** The lead's country in the admin's language (its code named, or the stored value in words). */
  country: (lead: Lead) => string;
  /** A channel's name; null: not recorded. */
  channel: (c: Channel | null) => string;
  yes: string;
  no: string;
}

const dubaiParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: DUBAI_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "longOffset",
});

/**
 * A stored time as the sales team reads it, on the office clock (Dubai), with its offset so that it
 * cannot be misread and sorts as text: "2026-11-24 10:15 +04:00" (docs/leads.md#the-inbox).
 */
export function dubaiTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(dubaiParts.formatToParts(date).map((p) => [p.type, p.value]));
  const offset = part.timeZoneName === "GMT" ? "+00:00" : (part.timeZoneName ?? "").replace(/^GMT/, "");
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute} ${offset}`;
}

/**
 * The inbox's leads as CSV (UTF-8 with BOM, formula-safe), headers and values in the admin's language,
 * times in Dubai time; phones international and kept as text by spreadsheets (see csvText); then where
 * the person came from, first and latest visit (docs/attribution.md).
 */
export function leadsToCsv(rows: Lead[], labels: LeadsCsvLabels): string {
  return toCsv(
    labels.headers,
    rows.map((r) => [
      labels.status(r.status),
      r.overdue ? labels.yes : labels.no,
      labels.owner(r.owner_id),
      r.full_name,
      r.email,
      csvText(e164Phone(r.phone)),
      r.company,
      labels.country(r),
      r.city,
      r.form_types.map(labels.type).join(", "),
      r.source_page_path,
      String(r.submission_count),
      dubaiTimestamp(r.created_at),
      dubaiTimestamp(r.last_activity_at),
      r.locale,
      // Where they came from: the first visit (original source) and the latest.
      labels.channel(r.first_touch?.channel ?? null),
      r.first_touch?.source,
      r.first_touch?.medium,
      r.first_touch?.campaign,
      r.first_touch?.referrer,
      r.first_touch?.landingPage,
      r.latest_touch ? labels.channel(r.latest_touch.channel) : "",
      r.latest_touch?.source,
      r.latest_touch?.medium,
      r.latest_touch?.campaign,
    ]),
  );
}
