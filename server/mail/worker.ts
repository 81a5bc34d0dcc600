/**
 * The mail worker: renders queued messages (public.mail_outbox, filled by database triggers when a
 * visitor's submission is stored), then sends what is due through SMTP (nodemailer) or to the lead
 * webhook, with retries and exponential backoff. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several server processes on one PostgreSQL never send a message twice at once. A claim is a lease
 * (MAIL_LEASE_SECONDS, 30 s) that the live worker renews every third of it while it holds the row, so a
 * slow send keeps it; a row left "sending" by a killed or frozen process is picked up by another within
 * the lease, and a stopping process hands its rows back at once.
 */
import { createHmac } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/database.ts";
import type { MailOutboxRow, Tables } from "../../src/lib/database.types.ts";
import { siteConfigFromEnv } from "../../src/lib/site-config.ts";
import { type MailConfig, backoffMs, mailConfigFromEnv, newsletterWindow } from "./config.ts";
import { type MailLocale, loadMailI18n } from "./i18n.ts";
import { bookingChangeOf, wallClock } from "../../src/lib/mail/booking-change.ts";
import { OUTBOX_REASONS } from "../../src/lib/mail/outbox-reasons.ts";
import {
  loadAnalyticsReportTemplate,
  loadAssignmentTemplates,
  loadNewsletterTemplates,
  loadSanitizer,
  loadTeamTemplates,
  loadTemplates,
} from "./templates.ts";
import { signToken } from "./tokens.ts";
import { bookingLinkPath, signBookingToken } from "./booking-tokens.ts";
import type { MailKind } from "../../src/lib/mail/templates.ts";
import type { AnalyticsReportFigures } from "../../src/lib/mail/analytics-report.ts";
import type { TeamRole } from "../../src/lib/mail/team-templates.ts";

const MAIL_KINDS: readonly MailKind[] = [
  "sales_notification",
  "lead_acknowledgement",
  "booking_confirmation",
  "newsletter_confirmation",
  "booking_slot_lost",
  "booking_reminder",
];
/** Kinds sent to the sales team (SALES_NOTIFY_EMAIL, in its language). */
const SALES_KINDS: readonly string[] = ["sales_notification", "booking_slot_lost"];
const TEAM_ROLES: readonly TeamRole[] = ["owner", "editor", "sales"];

/** nodemailer's options from an smtp:// or smtps:// URL (user, password, host, port, TLS). */
function parseSmtpUrl(url: string) {
  const u = new URL(url);
  const secure = u.protocol === "smtps:";
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
  };
}

interface MailLog {
  info(msg: string, extra?: object): void;
  warn(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
}

export interface MailWorkerOptions {
  db: Database;
  env: Record<string, string | undefined>;
  log: MailLog;
  /** The site's public origin (links in messages). */
  siteUrl: string;
  /** Secret for signed newsletter and booking links (the JWT secret). */
  secret: string;
  /** The clock reminders and the overdue check are due by (tests move it). */
  now?: () => Date;
}

/** The booking behind a demo submission, with its market's clock (docs/markets.md). */
interface BookingOfSubmission {
  id: string;
  starts_at: string | Date;
  status: string;
  sequence: number;
  time_zone: string;
  name_en: string;
  name_ar: string;
}

export interface MailWorker {
  config: MailConfig;
  /** Look at the queue now (after a submission). */
  wake(): void;
  /** Runs one pass (tests). */
  tick(): Promise<void>;
  /** Queues the overdue mail due at the worker's clock; how many (tests). */
  checkOverdue(): Promise<number>;
  /**
   * Stops: no new claims; the sends under way get up to `graceMs` (default 10 s) to finish, then the
   * messages this process still holds are handed back (pending at once), so that another server sends
   * them without waiting for the lease to run out.
   */
  stop(opts?: { graceMs?: number }): Promise<void>;
  /**
   * Stops as a killed process would (tests): no further claims or renewals, nothing handed back, the
   * sends under way left as they are.
   */
  halt(): void;
}

/**
 * The mail_outbox columns the worker reads, typed from the generated types (src/lib/database.types.ts).
 * `data` is the object the queueing functions write (jsonb, default `{}`), so it is read as one.
 */
type OutboxRow = Pick<
  MailOutboxRow,
  "id" | "kind" | "channel" | "submission_id" | "recipient" | "locale" | "attempts" | "max_attempts" | "subject" | "text_body" | "html_body"
> & { data: Record<string, unknown> };

/**
 * The form_submissions columns a message is rendered from (generated types). The queued kinds only ever
 * come from the three visitor forms with a JSON object payload, and the driver may hand a timestamp over
 * as a Date.
 */
type SubmissionRow = Pick<Tables<"form_submissions">, "id" | "page_path" | "time_zone"> & {
  form_type: "sales_lead" | "demo_booking" | "newsletter";
  payload: Record<string, unknown>;
  locale: MailLocale | null;
  created_at: Tables<"form_submissions">["created_at"] | Date;
};

const ASSIGNMENT_KINDS = new Set(["lead_assigned", "booking_assigned", "lead_overdue"]);
const BATCH = 10;
/** Newsletter deliveries claimed at once (transactional mail is looked at again between batches). */
const NEWSLETTER_BATCH = 100;
/**
 * Deliveries handed to SMTP together. Only these are `sending` at a time, so a process killed mid-send
 * loses at most this many (recorded failed, never sent again); the rest of its claim goes back to the queue.
 */
const NEWSLETTER_CHUNK = 20;
/** A pass hands newsletter mail over for at most this long, then starts again (reminders, new submissions). */
const NEWSLETTER_SLICE_MS = 2000;
/** Why a delivery handed to SMTP by a server that died is not sent again. */
const NEWSLETTER_INTERRUPTED = "Interrupted while the SMTP server was answering; not sent again so that nobody gets the issue twice";
/** Any number: the advisory lock that makes the throttle's count and claim one step across servers. */
const NEWSLETTER_CLAIM_LOCK = 310_004;

interface DeliveryRow {
  id: string;
  issue_id: string;
  email: string;
  attempts: number;
  /** When this process claimed it (the same for a whole claim): another claim of the row after a lapsed lease differs. */
  claimed_at: string;
}

interface IssueRow {
  id: string;
  language: MailLocale;
  subject: string;
  preheader: string;
  body_html: string;
}

export function startMailWorker(opts: MailWorkerOptions): MailWorker {
  const config = mailConfigFromEnv(opts.env);
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  const site = siteConfigFromEnv(opts.env);
  const siteUrl = (site.publicUrl ?? opts.siteUrl).replace(/\/$/, "");
  const mailSite = { name: site.name, url: siteUrl, phone: site.phone, whatsapp: site.whatsapp };
  const host = (() => {
    try {
      return new URL(siteUrl).hostname || "localhost";
    } catch {
      return "localhost";
    }
  })();
  // Both catalogs and the templates (compiled by the build, build/mail) are loaded for the
  // first message, not at start: a server with nothing to send never pays for them (start time, memory).
  const catalogs: Partial<Record<MailLocale, ReturnType<typeof loadMailI18n>>> = {};
  const i18n = {
    get ar() {
      return (catalogs.ar ??= loadMailI18n("ar"));
    },
    get en() {
      return (catalogs.en ??= loadMailI18n("en"));
    },
  };
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  // Newsletter issues: a few SMTP connections kept open and reused, instead of one connection per message.
  const bulkTransport: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport({ ...parseSmtpUrl(config.smtpUrl), pool: true, maxConnections: 4, maxMessages: 500 })
    : null;

  if (!config.smtpUrl) {
    log.warn("mail: not configured (set SMTP_URL and MAIL_FROM); messages wait in the outbox, readable in the admin under Mail");
  } else {
    log.info("mail: sending through SMTP", {
      from: config.from,
      salesNotify: config.salesTo.length ? config.salesTo : "SALES_NOTIFY_EMAIL unset",
    });
  }
  if (config.webhookUrl && !config.webhookSecret)
    log.warn("mail: LEAD_WEBHOOK_URL is set without LEAD_WEBHOOK_SECRET; deliveries are not signed");

  let stopped = false;
  /** Rows claimed by this process and not yet recorded (handed back on stop). */
  const held = new Set<string>();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const newsletterLink = (locale: MailLocale, page: "confirm" | "unsubscribe", email: string) =>
    `${siteUrl}${locale === "en" ? "/en" : ""}/newsletter/${page}?token=${signToken(opts.secret, email, page)}`;

  async function loadBooking(submissionId: string | null, bookingId?: unknown): Promise<BookingOfSubmission | null> {
    if (!submissionId) return null;
    const r = await db.query<BookingOfSubmission>(
      `select b.id, b.starts_at, b.status, b.sequence, m.time_zone, m.name_en, m.name_ar
         from public.bookings b join public.markets m on m.id = b.market_id
        where b.submission_id = $1 and ($2::uuid is null or b.id = $2::uuid)
        order by b.created_at desc limit 1`,
      [submissionId, typeof bookingId === "string" ? bookingId : null],
    );
    return r.rows[0] ?? null;
  }

  /** The visitor's page to change or cancel a confirmed booking (until it starts). */
  const manageLink = (b: BookingOfSubmission | null, locale: MailLocale) =>
    b && b.status === "confirmed" && new Date(b.starts_at).getTime() > now().getTime()
      ? `${siteUrl}${bookingLinkPath(locale, signBookingToken(opts.secret, b.id, b.sequence, b.starts_at))}`
      : undefined;

  async function loadSubmission(id: string | null): Promise<SubmissionRow | null> {
    if (!id) return null;
    const r = await db.query<SubmissionRow>(
      "select id, form_type, payload, page_path, locale, time_zone, created_at from public.form_submissions where id = $1",
      [id],
    );
    return r.rows[0] ?? null;
  }

  const toMailSubmission = (s: SubmissionRow) => ({
    id: s.id,
    formType: s.form_type,
    payload: s.payload,
    pagePath: s.page_path,
    locale: (s.locale ?? "ar") as MailLocale,
    timeZone: s.time_zone,
    createdAt: new Date(s.created_at).toISOString(),
  });

  /** Writes subject and bodies of messages not rendered yet (whether or not mail is configured). */
  async function renderPending() {
    const rows = await db.query<OutboxRow>(
      `select * from public.mail_outbox where channel = 'email' and subject is null and status = 'pending'
       order by created_at limit 50`,
    );
    if (rows.rows.length === 0) return;
    const { renderMail } = await loadTemplates();
    for (const row of rows.rows) {
      try {
        if (row.kind === "team_invite" || row.kind === "password_recovery") {
          // Sign-in links (server/api/auth/recover.ts, functions/team-invite.ts): the one-time token is in the row's data.
          const { renderTeamMail, teamMailPath } = await loadTeamTemplates();
          const token = typeof row.data.token === "string" ? row.data.token : "";
          if (!token || !row.recipient) throw new Error("no token or recipient");
          const mail = renderTeamMail(i18n[row.locale], {
            kind: row.kind,
            locale: row.locale,
            site: mailSite,
            link: `${siteUrl}${teamMailPath(row.kind, row.locale, token)}`,
            role: TEAM_ROLES.find((r) => r === row.data.role),
            inviter: typeof row.data.inviter === "string" ? row.data.inviter : undefined,
          });
          await storeRendering(row, mail);
          continue;
        }
        if (row.kind === "analytics_report") {
          // The owners' weekly figures (server/analytics/jobs.ts): everything is in the row's data.
          const { renderAnalyticsReport } = await loadAnalyticsReportTemplate();
          const mail = renderAnalyticsReport(i18n[row.locale], {
            locale: row.locale,
            site: mailSite,
            figures: row.data as unknown as AnalyticsReportFigures,
            link: `${siteUrl}${row.locale === "en" ? "/en" : ""}/admin/analytics`,
          });
          await db.query("update public.mail_outbox set subject = $2, text_body = $3, html_body = $4 where id = $1", [
            row.id,
            mail.subject,
            mail.text,
            mail.html,
          ]);
          continue;
        }
        if (ASSIGNMENT_KINDS.has(row.kind)) {
          await renderAssignment(row);
          continue;
        }
        if (row.kind === "newsletter_test") {
          const issueId = typeof row.data.issueId === "string" ? row.data.issueId : "";
          const issue = issueId ? await issueMail(issueId, true) : null;
          if (!issue || !row.recipient) throw new Error("the issue is gone");
          const { personalise } = await loadNewsletterTemplates();
          const mail = personalise(issue.mail, newsletterLink(issue.locale, "unsubscribe", row.recipient));
          await storeRendering(row, mail);
          continue;
        }
        const submission = await loadSubmission(row.submission_id);
        let links: { confirm?: string; unsubscribe?: string; manageBooking?: string } | undefined;
        if (row.kind === "newsletter_confirmation") {
          if (!row.recipient) throw new Error("no recipient");
          links = {
            confirm: newsletterLink(row.locale, "confirm", row.recipient),
            unsubscribe: newsletterLink(row.locale, "unsubscribe", row.recipient),
          };
        } else if (!submission) {
          await db.query("update public.mail_outbox set status = 'skipped', last_error = $2 where id = $1", [
            row.id,
            OUTBOX_REASONS.submissionGone,
          ]);
          continue;
        }
        const kind = MAIL_KINDS.find((k) => k === row.kind);
        if (!kind) throw new Error(`unknown mail kind ${row.kind.slice(0, 40)}`);
        const locale = SALES_KINDS.includes(kind) ? config.salesLocale : row.locale;
        // A demo's times are on its market's clock; the visitor's messages carry their link to change it.
        const booking = submission?.form_type === "demo_booking" ? await loadBooking(submission.id, row.data.bookingId) : null;
        const change = bookingChangeOf(row.data);
        const reminder =
          kind === "booking_reminder"
            ? {
                window: row.data.window === "1h" ? ("1h" as const) : ("24h" as const),
                audience: row.data.audience === "assignee" ? ("assignee" as const) : ("visitor" as const),
              }
            : undefined;
        if (reminder && (!booking || booking.status !== "confirmed")) {
          await db.query("update public.mail_outbox set status = 'skipped', last_error = $2 where id = $1", [
            row.id,
            "The demo was cancelled",
          ]);
          continue;
        }
        if ((kind === "booking_confirmation" && change?.event !== "cancelled") || reminder?.audience === "visitor") {
          const manageBooking = manageLink(booking, locale);
          if (manageBooking) links = { ...links, manageBooking };
        }
        const mail = renderMail(i18n[locale], {
          kind,
          locale,
          site: mailSite,
          businessTimeZone: booking?.time_zone ?? config.businessTimeZone,
          marketName: booking ? (locale === "ar" ? booking.name_ar : booking.name_en) : undefined,
          startsAt: booking ? new Date(booking.starts_at).toISOString() : undefined,
          submission: submission ? toMailSubmission(submission) : undefined,
          links,
          booking: change,
          reminder,
        });
        await storeRendering(row, mail, locale);
      } catch (e) {
        log.error("mail: could not render a message", { id: row.id, error: String(e) });
        await db.query("update public.mail_outbox set status = 'failed', last_error = $2 where id = $1", [
          row.id,
          `Could not render: ${String(e).slice(0, 500)}`,
        ]);
      }
    }
  }

  /** lead_assigned, booking_assigned, lead_overdue: to the member who owns the lead, in their language. */
  async function renderAssignment(row: OutboxRow) {
    const { renderAssignmentMail, ASSIGNMENT_MAIL_KINDS } = await loadAssignmentTemplates();
    const kind = ASSIGNMENT_MAIL_KINDS.find((k) => k === row.kind)!;
    const d = row.data as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" && v ? v : null);
    const marketId = text(d.marketId);
    const m = marketId
      ? (
          await db.query<{ name_en: string; name_ar: string; time_zone: string }>(
            "select name_en, name_ar, time_zone from public.markets where id = $1",
            [marketId],
          )
        ).rows[0]
      : undefined;
    const submission = await loadSubmission(row.submission_id);
    const mail = renderAssignmentMail(i18n[row.locale], {
      kind,
      locale: row.locale,
      site: mailSite,
      leadId: text(d.leadId) ?? "",
      submission: submission ? toMailSubmission(submission) : null,
      market: m ? { name: row.locale === "ar" ? m.name_ar : m.name_en, timeZone: m.time_zone } : null,
      staffTimeZone: text(d.timeZone),
      startsAt: text(d.startsAt),
      dueAt: text(d.dueAt),
      by: text(d.by),
    });
    await storeRendering(row, mail);
  }

  /** Who else gets the team's lead mail: the owner's list (public.sales_notify_settings), SALES_NOTIFY_EMAIL by default. */
  let copies: { salesTo: string[]; copyAssignments: boolean } = { salesTo: config.salesTo, copyAssignments: false };
  async function loadCopies() {
    const r = await db.query<{ recipients: string[]; include_env_default: boolean; copy_assignments: boolean }>(
      "select recipients, include_env_default, copy_assignments from public.sales_notify_settings where id",
    );
    const row = r.rows[0];
    if (!row) {
      copies = { salesTo: config.salesTo, copyAssignments: false };
      return;
    }
    const list = row.include_env_default || !row.recipients.length ? [...config.salesTo, ...row.recipients] : row.recipients;
    const seen = new Set<string>();
    copies = {
      salesTo: list.filter((a) => !seen.has(a.toLowerCase()) && (seen.add(a.toLowerCase()), true)),
      copyAssignments: row.copy_assignments,
    };
  }

  /** Stores a message's rendering (and its language, when given), with why it still waits when it does. */
  async function storeRendering(row: OutboxRow, mail: { subject: string; text: string; html: string }, locale?: MailLocale) {
    await db.query(
      `update public.mail_outbox set subject = $2, text_body = $3, html_body = $4, locale = coalesce($5, locale),
         last_error = case when $6::text is null then last_error else $6 end
       where id = $1`,
      [row.id, mail.subject, mail.text, mail.html, locale ?? null, waitingReason(row)],
    );
  }

  function waitingReason(row: OutboxRow): string | null {
    if (!config.smtpUrl) return OUTBOX_REASONS.mailNotConfigured;
    if (SALES_KINDS.includes(row.kind) && !copies.salesTo.length) return OUTBOX_REASONS.salesAddressMissing;
    return null;
  }

  async function claim(channels: string[]): Promise<OutboxRow[]> {
    const r = await db.query<OutboxRow>(
      `with due as (
         select id from public.mail_outbox
         where ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now()))
           and channel = any($1::text[])
           and (channel = 'webhook' or (recipient is not null and subject is not null))
         order by next_attempt_at
         limit $2
         for update skip locked
       )
       update public.mail_outbox o
          set status = 'sending', attempts = o.attempts + 1, locked_until = now() + make_interval(secs => $3)
         from due where o.id = due.id
       returning o.*`,
      [channels, BATCH, config.leaseSeconds],
    );
    for (const row of r.rows) held.add(row.id);
    return r.rows;
  }

  async function record(row: OutboxRow, ok: boolean, detail: string, started: number, permanent = false) {
    held.delete(row.id);
    if (halted) return;
    const ms = Date.now() - started;
    await db.transaction(async (tx) => {
      await tx.query("insert into public.mail_attempts (outbox_id, ok, detail, duration_ms) values ($1, $2, $3, $4)", [
        row.id,
        ok,
        detail.slice(0, 2000),
        ms,
      ]);
      if (ok) {
        await tx.query(
          "update public.mail_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null, response = $2 where id = $1",
          [row.id, detail.slice(0, 2000)],
        );
      } else if (permanent || row.attempts >= Math.min(row.max_attempts, config.maxAttempts)) {
        await tx.query("update public.mail_outbox set status = 'failed', locked_until = null, last_error = $2 where id = $1", [
          row.id,
          detail.slice(0, 2000),
        ]);
      } else {
        const wait = backoffMs(row.attempts, config.retryBaseMs);
        await tx.query(
          "update public.mail_outbox set status = 'pending', locked_until = null, last_error = $2, next_attempt_at = now() + make_interval(secs => $3) where id = $1",
          [row.id, detail.slice(0, 2000), wait / 1000],
        );
      }
    });
  }

  async function sendEmail(row: OutboxRow) {
    const started = Date.now();
    try {
      const headers: Record<string, string> = {};
      let icalEvent: { method: string; filename: string; content: string } | undefined;
      let replyTo: string | undefined = copies.salesTo[0];
      let cc: string[] | undefined;
      if (ASSIGNMENT_KINDS.has(row.kind) && copies.copyAssignments) {
        const to = (row.recipient ?? "").toLowerCase();
        cc = copies.salesTo.filter((a) => a.toLowerCase() !== to);
        if (!cc.length) cc = undefined;
      }
      if ((row.kind === "newsletter_confirmation" || row.kind === "newsletter_test") && row.recipient) {
        Object.assign(headers, unsubscribeHeaders(newsletterLink(row.locale, "unsubscribe", row.recipient), row.recipient));
        replyTo = undefined;
      }
      const submission = await loadSubmission(row.submission_id);
      if (SALES_KINDS.includes(row.kind)) replyTo = typeof submission?.payload.email === "string" ? submission.payload.email : undefined;
      if (row.kind === "booking_confirmation" && submission) {
        const method = bookingChangeOf(row.data)?.event === "cancelled" ? "CANCEL" : "REQUEST";
        icalEvent = { method, filename: "demo.ics", content: await invite(row, submission) };
      }
      const info = await transport!.sendMail({
        from: config.from,
        to: row.recipient!,
        cc,
        replyTo,
        subject: row.subject!,
        text: row.text_body!,
        html: row.html_body!,
        headers,
        icalEvent,
        messageId: `<${row.id}@${host}>`,
      });
      await record(row, true, String(info.response ?? "accepted"), started);
    } catch (e) {
      const err = e as { responseCode?: number; response?: string; message?: string };
      const permanent = typeof err.responseCode === "number" && err.responseCode >= 500 && err.responseCode < 600;
      await record(row, false, String(err.response ?? err.message ?? e), started, permanent);
    }
  }

  async function invite(row: OutboxRow, s: SubmissionRow): Promise<string> {
    const { inviteText } = await loadTemplates();
    const { bookingInvite } = await import("../../src/lib/mail/ics.ts");
    const change = bookingChangeOf(row.data);
    const booking = await loadBooking(s.id, row.data.bookingId);
    const zone = booking?.time_zone ?? config.businessTimeZone;
    const startsAt = change?.startsAt ?? (booking ? new Date(booking.starts_at).toISOString() : undefined);
    const text = inviteText(
      i18n[row.locale],
      { kind: "booking_confirmation", locale: row.locale, site: mailSite, businessTimeZone: zone, booking: change, startsAt },
      toMailSubmission(s),
    );
    const organizerEmail = copies.salesTo[0] ?? /<([^>]+)>/.exec(config.from)?.[1] ?? config.from;
    // A moved or cancelled demo: the same UID with a higher SEQUENCE, at the booking's current start.
    const at = startsAt ? wallClock(new Date(startsAt), zone) : null;
    return bookingInvite({
      uid: `${s.id}@${host}`,
      date: at?.date ?? String(s.payload.demoDate),
      time: at?.time ?? String(s.payload.demoTime),
      method: change?.event === "cancelled" ? "CANCEL" : "REQUEST",
      sequence: change?.sequence ?? 0,
      timeZone: zone,
      summary: text.summary,
      description: text.description,
      organizer: { name: site.name[row.locale], email: organizerEmail },
      attendee: { name: String(s.payload.fullName ?? ""), email: String(s.payload.email ?? row.recipient) },
      url: siteUrl,
      now: new Date(s.created_at),
    });
  }

  async function sendWebhook(row: OutboxRow) {
    const started = Date.now();
    try {
      const s = await loadSubmission(row.submission_id);
      if (!s) {
        await db.query("update public.mail_outbox set status = 'skipped', last_error = $2 where id = $1", [
          row.id,
          OUTBOX_REASONS.submissionGone,
        ]);
        return;
      }
      const body = JSON.stringify({
        id: row.id,
        // A booking kept without its slot (taken while it waited offline) is a lead, not a booking.
        type: s.form_type === "demo_booking" && !s.payload.bookingConflict ? "booking.created" : "lead.created",
        createdAt: new Date(s.created_at).toISOString(),
        data: {
          submissionId: s.id,
          formType: s.form_type,
          fields: s.payload,
          page: s.page_path ? `${siteUrl}${s.page_path}` : null,
          locale: s.locale,
          timeZone: s.time_zone,
          adminUrl: `${siteUrl}/en/admin/leads?lead=${s.id}`,
        },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        "User-Agent": "Wasla-Webhook/1",
        "X-Wasla-Delivery": row.id,
        "X-Wasla-Attempt": String(row.attempts),
      };
      if (config.webhookSecret) {
        const sig = createHmac("sha256", config.webhookSecret).update(`${timestamp}.${body}`).digest("hex");
        headers["X-Wasla-Signature"] = `t=${timestamp},v1=${sig}`;
      }
      const res = await fetch(config.webhookUrl!, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
        redirect: "manual",
      });
      const text = (await res.text().catch(() => "")).slice(0, 300);
      await record(row, res.ok, `HTTP ${res.status}${text ? ` ${text}` : ""}`, started);
    } catch (e) {
      await record(row, false, String((e as Error).message ?? e), started);
    }
  }

  /** Reminders due by the worker's clock (24 h and 1 h before each demo), queued once each. */
  async function queueReminders() {
    try {
      await db.query("select public.queue_booking_reminders($1)", [now().toISOString()]);
    } catch (e) {
      log.error("mail: could not queue booking reminders", { error: String(e) });
    }
  }

  const overdueEveryMs = Number(opts.env.LEAD_OVERDUE_CHECK_MS) > 0 ? Number(opts.env.LEAD_OVERDUE_CHECK_MS) : 60_000;
  let lastOverdueCheck = 0;
  async function checkOverdue(): Promise<number> {
    const now = (opts.now ?? (() => new Date()))();
    const r = await db.query<{ n: number }>("select public.queue_overdue_mail($1) as n", [now.toISOString()]);
    return Number(r.rows[0]?.n ?? 0);
  }

  // ------------------------------------------------------------------------------- newsletter issues

  const unsubscribeHeaders = (unsubscribeUrl: string, email: string): Record<string, string> => {
    const https = `<${unsubscribeUrl}>`;
    const mailto = config.unsubscribeMailto
      ? `, <mailto:${config.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${email}`)}>`
      : "";
    return { "List-Unsubscribe": `${https}${mailto}`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  };

  const webVersionUrl = (locale: MailLocale, id: string) => `${siteUrl}${locale === "en" ? "/en" : ""}/newsletter/issues/${id}`;

  /** Each issue is sanitised and rendered once (per process); recipients differ only by their unsubscribe link. */
  const issues = new Map<string, Promise<{ locale: MailLocale; mail: { subject: string; text: string; html: string } } | null>>();
  function issueMail(id: string, test = false) {
    const key = `${id}:${test ? "test" : "issue"}`;
    let found = issues.get(key);
    if (!found) {
      if (issues.size > 32) issues.clear();
      found = (async () => {
        const r = await db.query<IssueRow>(
          "select id, language, subject, preheader, body_html from public.newsletter_issues where id = $1",
          [id],
        );
        const issue = r.rows[0];
        if (!issue) return null;
        const [sanitize, { renderNewsletterIssue }] = await Promise.all([loadSanitizer(), loadNewsletterTemplates()]);
        // Mail clients need absolute addresses for the site's own images and links.
        const body = sanitize(issue.body_html, { origin: siteUrl, responsive: false }).replace(
          /(\s(?:src|href)=")\/(?!\/)/g,
          `$1${siteUrl}/`,
        );
        const mail = renderNewsletterIssue(i18n[issue.language], {
          locale: issue.language,
          site: mailSite,
          subject: issue.subject,
          preheader: issue.preheader,
          bodyHtml: body,
          webUrl: webVersionUrl(issue.language, issue.id),
          test,
        });
        return { locale: issue.language, mail };
      })();
      // A failure is not remembered: the next delivery tries again.
      found.catch(() => issues.delete(key));
      issues.set(key, found);
    }
    return found;
  }

  /** Newsletter deliveries this process claimed and has not handed to SMTP yet (handed back on stop). */
  const heldDeliveries = new Set<string>();
  const { windowSeconds, budget } = newsletterWindow(config.newsletterRatePerMinute);

  /**
   * Issues due start sending (their deliveries are queued by one INSERT … SELECT), finished ones are marked
   * sent, and deliveries of a worker that died are recovered: claimed ones go back to the queue; one that
   * was being handed to SMTP is failed and never sent again, because it may have been accepted.
   */
  async function newsletterHousekeeping() {
    await db.query("select public.newsletter_queue_due($1)", [now().toISOString()]);
    await db.query(
      `update public.newsletter_deliveries
          set status = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0), next_attempt_at = now()
        where status = 'claimed' and locked_until < now()`,
    );
    await db.query(
      `update public.newsletter_deliveries set status = 'failed', locked_until = null, last_error = $1
        where status = 'sending' and locked_until < now()`,
      [NEWSLETTER_INTERRUPTED],
    );
  }

  /** Claims due deliveries within the throttle: what every server claimed in the last window counts. */
  async function claimNewsletter(): Promise<DeliveryRow[]> {
    const rows = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [NEWSLETTER_CLAIM_LOCK]);
      const r = await tx.query<DeliveryRow>(
        `with budget as (
           select greatest(0, $1::int - (
             select count(*)::int from public.newsletter_deliveries
              where claimed_at > now() - make_interval(secs => $2::int)
           )) as n
         ), due as (
           -- Per issue that is sending (usually one), its waiting rows in the queue index's order.
           select x.id from public.newsletter_issues i
            cross join lateral (
              select d.id, d.next_attempt_at from public.newsletter_deliveries d
               where d.issue_id = i.id and d.status = 'pending' and d.next_attempt_at <= now()
               order by d.next_attempt_at, d.id
               limit least($3::int, (select n from budget))
               for update skip locked
            ) x
            where i.status = 'sending'
            order by x.next_attempt_at, x.id
            limit least($3::int, (select n from budget))
         )
         update public.newsletter_deliveries d
            set status = 'claimed', attempts = d.attempts + 1, claimed_at = now(),
                locked_until = now() + make_interval(secs => $4::int)
           from due where d.id = due.id
         returning d.id::text as id, d.issue_id, d.email, d.attempts, d.claimed_at::text as claimed_at`,
        [budget, windowSeconds, NEWSLETTER_BATCH, Math.ceil(config.newsletterLeaseSeconds)],
      );
      return r.rows;
    });
    for (const row of rows) heldDeliveries.add(row.id);
    return rows;
  }

  /**
   * A claimed batch, handed to SMTP a chunk at a time over pooled connections. One statement per chunk
   * records the previous chunk's accepted rows as `sent` and marks this chunk `sending` (which also checks
   * that this process still holds each row), so only one chunk is ever `sending`.
   */
  async function sendDeliveries(rows: DeliveryRow[]) {
    let accepted: string[] = [];
    for (let i = 0; i < rows.length; i += NEWSLETTER_CHUNK) {
      const chunk = rows.slice(i, i + NEWSLETTER_CHUNK);
      if (stopped) break; // the rest is handed back by stop()
      // Handed to SMTP from here on: if this process dies before the answer is recorded, nobody sends them again.
      const mine = await db.query<{ id: string }>(
        `with sent as (
           update public.newsletter_deliveries set status = 'sent', sent_at = now(), locked_until = null, last_error = null
            where id = any($2::bigint[]) and status = 'sending'
         )
         update public.newsletter_deliveries set status = 'sending', locked_until = now() + make_interval(secs => $4::int)
          where id = any($1::bigint[]) and status = 'claimed' and claimed_at = $3::timestamptz returning id::text as id`,
        [chunk.map((r) => r.id), accepted, chunk[0]!.claimed_at, Math.ceil(config.newsletterLeaseSeconds)],
      );
      for (const r of chunk) heldDeliveries.delete(r.id);
      accepted = await sendChunk(chunk, new Set(mine.rows.map((r) => r.id)));
    }
    if (accepted.length) {
      await db.query(
        "update public.newsletter_deliveries set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = any($1::bigint[])",
        [accepted],
      );
    }
  }

  /** Hands the rows this process holds to SMTP together; answers the ids SMTP accepted. */
  async function sendChunk(rows: DeliveryRow[], held: Set<string>): Promise<string[]> {
    const accepted: string[] = [];
    await Promise.all(
      rows
        .filter((r) => held.has(r.id)) // the others were cancelled, or taken back after the lease ran out
        .map(async (row) => {
          try {
            const issue = await issueMail(row.issue_id);
            if (!issue) {
              await db.query("update public.newsletter_deliveries set status = 'skipped', last_error = 'The issue is gone' where id = $1", [
                row.id,
              ]);
              return;
            }
            const { personalise } = await loadNewsletterTemplates();
            const unsubscribe = newsletterLink(issue.locale, "unsubscribe", row.email);
            const mail = personalise(issue.mail, unsubscribe);
            await bulkTransport!.sendMail({
              from: config.from,
              to: row.email,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
              headers: { ...unsubscribeHeaders(unsubscribe, row.email), Precedence: "bulk" },
              messageId: `<newsletter-${row.issue_id}-${row.id}@${host}>`,
            });
            accepted.push(row.id);
          } catch (e) {
            const err = e as { responseCode?: number; response?: string; message?: string };
            const detail = String(err.response ?? err.message ?? e).slice(0, 2000);
            const permanent = typeof err.responseCode === "number" && err.responseCode >= 500 && err.responseCode < 600;
            if (permanent || row.attempts >= config.maxAttempts) {
              await db.query(
                "update public.newsletter_deliveries set status = 'failed', locked_until = null, last_error = $2 where id = $1",
                [row.id, detail],
              );
            } else {
              // Refused before the message was accepted (connection, 4xx): safe to try again later.
              await db.query(
                `update public.newsletter_deliveries set status = 'pending', locked_until = null, last_error = $2,
                   next_attempt_at = now() + make_interval(secs => $3) where id = $1`,
                [row.id, detail, backoffMs(row.attempts, config.retryBaseMs) / 1000],
              );
            }
          }
        }),
    );
    return accepted;
  }

  /** Transactional mail due now, until none is left. */
  async function drainTransactional(channels: string[]) {
    for (;;) {
      const rows = await claim(channels);
      if (!rows.length) return;
      await Promise.all(rows.map((row) => (row.channel === "webhook" ? sendWebhook(row) : sendEmail(row))));
      if (stopped) return;
    }
  }

  /** Newsletter mail within the throttle, with transactional mail looked at again between batches. */
  async function sendNewsletters(channels: string[]) {
    const until = Date.now() + NEWSLETTER_SLICE_MS;
    while (!stopped) {
      const rows = await claimNewsletter();
      if (!rows.length) return;
      await sendDeliveries(rows);
      await drainTransactional(channels);
      // Someone woke the worker (a submission: its mail needs rendering first), or the slice is over.
      if (again || Date.now() > until) {
        again = true;
        return;
      }
    }
  }

  async function pass() {
    await queueReminders();
    if (Date.now() - lastOverdueCheck >= overdueEveryMs) {
      lastOverdueCheck = Date.now();
      await checkOverdue();
    }
    await loadCopies();
    await renderPending();
    if (copies.salesTo.length) {
      await db.query(
        "update public.mail_outbox set recipient = $1 where kind = any($2::text[]) and recipient is null and status = 'pending'",
        [copies.salesTo.join(", "), SALES_KINDS],
      );
    }
    if (!config.webhookUrl) {
      await db.query("update public.mail_outbox set status = 'skipped', last_error = $1 where channel = 'webhook' and status = 'pending'", [
        OUTBOX_REASONS.webhookNotConfigured,
      ]);
    }
    await newsletterHousekeeping();
    const channels = [...(transport ? ["email"] : []), ...(config.webhookUrl ? ["webhook"] : [])];
    if (!channels.length) return;
    await drainTransactional(channels);
    if (transport && !stopped) await sendNewsletters(channels);
  }

  async function tick() {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (e) {
          if (!stopped) log.error("mail: worker pass failed", { error: String((e as Error).stack ?? e) });
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  // Renew the leases of the rows this worker holds (a heartbeat per claim): only while it is alive.
  let halted = false;
  const renewal = setInterval(
    () => {
      if (halted || held.size === 0) return;
      void db
        .query(
          `update public.mail_outbox set locked_until = now() + make_interval(secs => $2)
            where id = any($1::uuid[]) and status = 'sending'`,
          [[...held], config.leaseSeconds],
        )
        .catch((e) => log.warn("mail: could not renew the claims of messages being sent", { error: String(e) }));
    },
    Math.max(100, (config.leaseSeconds * 1000) / 3),
  );
  renewal.unref?.();

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, config.pollMs);
    timer.unref?.();
  };
  void tick().finally(schedule);

  return {
    config,
    wake() {
      if (!stopped) void tick();
    },
    tick,
    checkOverdue,
    halt() {
      halted = true;
      stopped = true;
      clearInterval(renewal);
      if (timer) clearTimeout(timer);
      held.clear();
    },
    async stop(stopOpts) {
      stopped = true;
      if (timer) clearTimeout(timer);
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        running?.catch(() => undefined),
        new Promise<void>((resolve) => {
          wait = setTimeout(resolve, stopOpts?.graceMs ?? 10_000);
        }),
      ]);
      clearTimeout(wait);
      clearInterval(renewal);
      if (heldDeliveries.size > 0) {
        const ids = [...heldDeliveries];
        heldDeliveries.clear();
        await db
          .query(
            `update public.newsletter_deliveries set status = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0)
              where id = any($1::bigint[]) and status = 'claimed'`,
            [ids],
          )
          .catch((e) =>
            log.warn("mail: could not hand back newsletter deliveries; they are sent when their lease ends", { error: String(e) }),
          );
      }
      if (held.size > 0) {
        const ids = [...held];
        held.clear();
        // Claimed but not recorded: not attempted as far as anyone knows, so the attempt is not counted.
        await db
          .query(
            `update public.mail_outbox set status = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0), next_attempt_at = now()
              where id = any($1::uuid[]) and status = 'sending'`,
            [ids],
          )
          .then(
            (r) => r.rowCount > 0 && log.info(`mail: handed back ${r.rowCount} message(s) claimed by this server`),
            (e) => log.warn("mail: could not hand back claimed messages; they are sent when their lease ends", { error: String(e) }),
          );
      }
      transport?.close();
      bulkTransport?.close();
    },
  };
}
