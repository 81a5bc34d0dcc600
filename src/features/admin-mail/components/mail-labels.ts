import { useLingui } from "@lingui/react/macro";
import type { MailOutboxRow } from "@/lib/database.types";

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
  };
  const status: Record<MailOutboxRow["status"], string> = {
    pending: t`Waiting`,
    sending: t`Sending`,
    sent: t`Sent`,
    failed: t`Failed`,
    skipped: t`Skipped`,
  };
  const subscriber = { pending: t`Pending confirmation`, confirmed: t`Confirmed`, unsubscribed: t`Unsubscribed` } as const;
  return { kind, status, subscriber };
}

export const statusColor: Record<MailOutboxRow["status"], string> = {
  pending: "yellow",
  sending: "blue",
  sent: "green",
  failed: "red",
  skipped: "gray",
};
