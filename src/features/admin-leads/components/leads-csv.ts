import { toCsv } from "@/lib/csv";
import type { Lead } from "../lib/pipeline";

interface LeadsCsvLabels {
  headers: string[];
  status: (s: Lead["status"]) => string;
  type: (t: string) => string;
  owner: (id: string | null) => string;
  yes: string;
  no: string;
}

/** The inbox's leads as CSV (UTF-8 with BOM, formula-safe), headers and values in the admin's language. */
export function leadsToCsv(rows: Lead[], labels: LeadsCsvLabels): string {
  return toCsv(
    labels.headers,
    rows.map((r) => [
      labels.status(r.status),
      r.overdue ? labels.yes : labels.no,
      labels.owner(r.owner_id),
      r.full_name,
      r.email,
      r.phone,
      r.company,
      r.country,
      r.city,
      r.form_types.map(labels.type).join(", "),
      r.source_page_path,
      String(r.submission_count),
      r.created_at,
      r.last_activity_at,
      r.locale,
    ]),
  );
}
