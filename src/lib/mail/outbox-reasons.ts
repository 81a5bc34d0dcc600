/**
 * The reasons the mail worker itself writes into `mail_outbox.last_error` (server/mail/worker.ts,
 * server/mail/newsletter.ts). They are stored in English, as fixed strings, so that Admin → Mail can show
 * them in the admin's language; any other reason (an SMTP or HTTP answer) is shown as it was received.
 */
export const OUTBOX_REASONS = {
  mailNotConfigured: "Waiting: mail is not configured (SMTP_URL)",
  salesAddressMissing: "Waiting: SALES_NOTIFY_EMAIL is not set",
  submissionGone: "The submission no longer exists",
  webhookNotConfigured: "LEAD_WEBHOOK_URL is not set",
  unsubscribed: "Unsubscribed",
  /** Written by public.book_demo_or_keep_lead on a booking confirmation: the offline booking's slot was taken. */
  slotLost: "No booking was made: the requested time was taken before the submission arrived",
} as const;

export type OutboxReason = keyof typeof OUTBOX_REASONS;

/** Which fixed reason a stored `last_error` is, or null for any other text. */
export function outboxReasonOf(text: string): OutboxReason | null {
  for (const [key, value] of Object.entries(OUTBOX_REASONS)) if (value === text) return key as OutboxReason;
  return null;
}
