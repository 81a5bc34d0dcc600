import { useLingui } from "@lingui/react/macro";
import type { NewsletterIssue } from "@/lib/database.types";

type IssueStatus = NewsletterIssue["status"];

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
