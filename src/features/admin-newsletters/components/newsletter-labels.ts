import { useLingui } from "@lingui/react/macro";
import type { NewsletterIssue } from "@/lib/database.types";

export type IssueStatus = NewsletterIssue["status"];

export const issueStatusColor: Record<IssueStatus, string> = {
  draft: "gray",
  scheduled: "blue",
  sending: "orange",
  sent: "green",
  cancelled: "red",
};

export function useNewsletterLabels() {
  const { t } = useLingui();
  const status: Record<IssueStatus, string> = {
    draft: t`Draft`,
    scheduled: t`Scheduled`,
    sending: t`Sending`,
    sent: t`Sent`,
    cancelled: t`Cancelled`,
  };
  const language: Record<"ar" | "en", string> = { ar: t`Arabic`, en: t`English` };
  return { status, language };
}

/** A wall-clock time typed in `timeZone` ("2026-12-01T09:30") as an instant. */
export function zonedInstant(local: string, timeZone: string, offsetOf: (zone: string, at: number) => number): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let at = guess - offsetOf(timeZone, guess);
  at = guess - offsetOf(timeZone, at);
  return new Date(at);
}
