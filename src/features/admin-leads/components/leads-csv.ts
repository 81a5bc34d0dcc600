import { toCsv } from "@/lib/csv";
import { type Submission, bookingTimes, leadCompany, leadEmail, leadName, leadPhone } from "../lib/leads";

const str = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** The inbox's rows as CSV (UTF-8 with BOM), headers in the admin's language. */
export function leadsToCsv(rows: Submission[], headers: string[], typeLabel: (t: Submission["form_type"]) => string, intl: string): string {
  return toCsv(
    headers,
    rows.map((r) => {
      const times = bookingTimes(r, intl);
      return [
        r.created_at,
        typeLabel(r.form_type),
        leadName(r),
        leadEmail(r),
        leadPhone(r),
        leadCompany(r),
        str(r.payload.country),
        str(r.payload.city),
        str(r.payload.demoDate),
        str(r.payload.demoTime),
        times ? `${times.visitor} (${times.visitorZone})` : "",
        times?.dubai ?? "",
        str(r.payload.preferredCallTime ?? r.payload.callTime),
        str(r.payload.isEnterpriseInterested),
        r.page_path,
        r.locale,
        r.time_zone,
        r.submission_id,
      ];
    }),
  );
}
