import { toCsv } from "@/lib/csv";
import type { NewsletterSubscriber } from "@/lib/database.types";

/** Confirmed subscribers only (the only ones who count), formula-safe like the leads export. */
export function confirmedSubscribersCsv(rows: readonly NewsletterSubscriber[], headers: readonly string[]): string {
  return toCsv(
    headers,
    rows
      .filter((r) => r.status === "confirmed")
      .map((r) => [r.email, r.locale, r.confirmed_at, r.consented_at, r.consent_version, r.consent_page]),
  );
}
