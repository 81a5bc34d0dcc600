import type { OutboxEntry } from "@/features/admin-mail/api/list-outbox";
import type { MailAttempt, NewsletterSubscriber } from "@/lib/database.types";

const html = (dir: "rtl" | "ltr", lang: string, text: string) =>
  `<!doctype html><html lang="${lang}" dir="${dir}"><head><title>${text}</title></head><body style="font-family:sans-serif;padding:16px"><p>${text}</p></body></html>`;

export const sampleOutbox: OutboxEntry[] = [
  {
    id: "m1",
    kind: "sales_notification",
    channel: "email",
    submission_id: "s1",
    recipient: "sales@wasla.example",
    locale: "en",
    status: "sent",
    attempts: 1,
    max_attempts: 8,
    next_attempt_at: "2026-11-23T08:15:01.000Z",
    last_error: null,
    subject: "New sales lead: Sara Al Mansouri",
    text_body: "A visitor asked to be called back.",
    html_body: html("ltr", "en", "A visitor asked to be called back."),
    response: "250 OK: queued",
    created_at: "2026-11-23T08:15:00.000Z",
    sent_at: "2026-11-23T08:15:01.000Z",
  },
  {
    id: "m2",
    kind: "lead_acknowledgement",
    channel: "email",
    submission_id: "s1",
    recipient: "sara@marinahomes.ae",
    locale: "ar",
    status: "failed",
    attempts: 8,
    max_attempts: 8,
    next_attempt_at: "2026-11-23T10:15:00.000Z",
    last_error: "451 4.3.0 Mailbox temporarily unavailable",
    subject: "استلمنا طلبك – وصلة",
    text_body: "شكرًا لاهتمامك!",
    html_body: html("rtl", "ar", "شكرًا لاهتمامك!"),
    response: null,
    created_at: "2026-11-23T08:15:00.000Z",
    sent_at: null,
  },
  {
    id: "m3",
    kind: "newsletter_confirmation",
    channel: "email",
    submission_id: "s2",
    recipient: "daniel@northrealty.ca",
    locale: "en",
    status: "pending",
    attempts: 0,
    max_attempts: 8,
    next_attempt_at: "2026-11-23T09:00:00.000Z",
    last_error: "Waiting: mail is not configured (SMTP_URL)",
    subject: "Confirm your subscription to the Wasla newsletter",
    text_body: "Please confirm.",
    html_body: html("ltr", "en", "Please confirm."),
    response: null,
    created_at: "2026-11-23T09:00:00.000Z",
    sent_at: null,
  },
  {
    id: "w1",
    kind: "lead_webhook",
    channel: "webhook",
    submission_id: "s1",
    recipient: null,
    locale: "en",
    status: "sent",
    attempts: 2,
    max_attempts: 8,
    next_attempt_at: "2026-11-23T08:15:30.000Z",
    last_error: null,
    subject: null,
    text_body: null,
    html_body: null,
    response: "HTTP 200",
    created_at: "2026-11-23T08:15:00.000Z",
    sent_at: "2026-11-23T08:15:31.000Z",
  },
];

export const sampleAttempts: MailAttempt[] = [
  { id: 2, outbox_id: "w1", attempted_at: "2026-11-23T08:15:31.000Z", ok: true, detail: "HTTP 200", duration_ms: 143 },
  { id: 1, outbox_id: "w1", attempted_at: "2026-11-23T08:15:01.000Z", ok: false, detail: "HTTP 503 Service Unavailable", duration_ms: 2011 },
];

const sub = (email: string, status: NewsletterSubscriber["status"], locale: "ar" | "en"): NewsletterSubscriber => ({
  id: email,
  email,
  status,
  locale,
  consent_version: "2026-11-23",
  consent_page: locale === "en" ? "/en/blog" : "/",
  consented_at: "2026-11-22T10:00:00.000Z",
  confirmed_at: status === "confirmed" ? "2026-11-22T10:05:00.000Z" : null,
  unsubscribed_at: status === "unsubscribed" ? "2026-11-23T07:00:00.000Z" : null,
  created_at: "2026-11-22T10:00:00.000Z",
  updated_at: "2026-11-22T10:05:00.000Z",
});

export const sampleSubscribers: NewsletterSubscriber[] = [
  sub("layla@dunesrealty.ae", "confirmed", "ar"),
  sub("daniel@northrealty.ca", "pending", "en"),
  sub("omar@example.com", "unsubscribed", "ar"),
];
