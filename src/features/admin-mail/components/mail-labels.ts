import { useLingui } from "@lingui/react/macro";
import type { MailOutboxRow } from "@/lib/database.types";
import { type OutboxReason, outboxReasonOf } from "@/lib/mail/outbox-reasons";

export function useMailLabels() {
  const { t } = useLingui();
  const kind: Record<MailOutboxRow["kind"], string> = {
    sales_notification: t`Sales notification`,
    lead_acknowledgement: t`Lead acknowledgement`,
    booking_confirmation: t`Booking confirmation`,
    newsletter_confirmation: t`Newsletter confirmation`,
    lead_webhook: t`Lead webhook`,
    // Never listed (RLS hides messages that carry a sign-in link), named for completeness.
    team_invite: t`Team invitation`,
    password_recovery: t`Password reset`,
    booking_reminder: t`Demo reminder`,
    lead_assigned: t`Lead assigned`,
    booking_assigned: t`Demo assigned`,
    lead_overdue: t`Overdue lead`,
    booking_slot_lost: t`Lost booking slot`,
    analytics_report: t`Weekly analytics report`,
    newsletter_test: t`Newsletter test`,
  };
  const status: Record<MailOutboxRow["status"], string> = {
    pending: t`Waiting`,
    sending: t`Sending`,
    sent: t`Sent`,
    failed: t`Failed`,
    skipped: t`Skipped`,
  };
  const subscriber = { pending: t`Pending confirmation`, confirmed: t`Confirmed`, unsubscribed: t`Unsubscribed` } as const;
  // The worker's own reasons, in the admin's language (technical names stay as they are).
  const reasons: Record<OutboxReason, string> = {
    mailNotConfigured: t`Waiting: mail is not configured (SMTP_URL)`,
    salesAddressMissing: t`Waiting: SALES_NOTIFY_EMAIL is not set`,
    submissionGone: t`The submission no longer exists`,
    webhookNotConfigured: t`LEAD_WEBHOOK_URL is not set`,
    unsubscribed: t`Unsubscribed`,
    slotLost: t`No booking was made: the requested time was taken before the submission arrived`,
  };
  /** A stored reason (`last_error`) to show: translated when the worker wrote it, as received otherwise. */
  const reason = (text: string) => {
    const known = outboxReasonOf(text);
    return known ? reasons[known] : text;
  };
  return { kind, status, subscriber, reason };
}

export const statusColor: Record<MailOutboxRow["status"], string> = {
  pending: "yellow",
  sending: "blue",
  sent: "green",
  failed: "red",
  skipped: "gray",
};
