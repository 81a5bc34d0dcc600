/**
 * The sales team's own messages about a lead (docs/mail.md#team-mail): a lead or a demo was given to you,
 * and a lead of yours has waited 24 hours. In the team member's language, with the links of the sales
 * notification (WhatsApp, call, open in the admin); times on the market's clock and on the member's.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  type MailLocale,
  type MailSite,
  type MailSubmission,
  type RenderedMail,
  escapeHtml,
  formatInZone,
  heading,
  layout,
  ltr,
  para,
  rowsTable,
  teamText,
  visitorPhone,
} from "./templates.ts";

export type AssignmentMailKind = "lead_assigned" | "booking_assigned" | "lead_overdue";
export const ASSIGNMENT_MAIL_KINDS: readonly AssignmentMailKind[] = ["lead_assigned", "booking_assigned", "lead_overdue"];

export interface AssignmentMailInput {
  kind: AssignmentMailKind;
  locale: MailLocale;
  site: MailSite;
  leadId: string;
  /** The lead's latest submission (its details and the visitor's phone). */
  submission: MailSubmission | null;
  /** The lead's market: its name and clock. */
  market: { name: string; timeZone: string } | null;
  /** The team member's own clock (null: the market's). */
  staffTimeZone: string | null;
  /** booking_assigned: the demo's start (ISO). */
  startsAt?: string | null;
  /** lead_overdue: when the answer was due (ISO). */
  dueAt?: string | null;
  /** Who handed the lead over (a member's email), when a member did. */
  by?: string | null;
}

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

/** "Tuesday, 1 December 2026, 9:30 AM GST" on the market's clock, and on the member's when it differs. */
export function bothClocks(at: string, locale: MailLocale, market: { timeZone: string } | null, staffZone: string | null): string[] {
  const instant = new Date(at);
  const zones = [market?.timeZone ?? staffZone ?? "Asia/Dubai"];
  if (staffZone && staffZone !== zones[0]) zones.push(staffZone);
  return zones.map((z) => `${formatInZone(instant, locale, z)} (${z})`);
}

export function renderAssignmentMail(i18n: I18n, input: AssignmentMailInput): RenderedMail {
  const { locale, site } = input;
  const payload = input.submission?.payload ?? {};
  const name = str(payload.fullName) || str(payload.email) || i18n._(msg`a visitor`);
  const phone = visitorPhone(payload);
  const wa = phone ? `https://wa.me/${phone.slice(1)}` : null;
  const tel = phone ? `tel:${phone}` : null;
  const admin = `${site.url}${locale === "en" ? "/en" : ""}/admin/leads?lead=${encodeURIComponent(input.leadId)}`;
  const when = input.startsAt ? bothClocks(input.startsAt, locale, input.market, input.staffTimeZone) : [];
  const due = input.dueAt ? bothClocks(input.dueAt, locale, input.market, input.staffTimeZone) : [];

  let subject: string;
  let intro: string;
  if (input.kind === "booking_assigned") {
    subject = i18n._(msg`Demo booked with you: ${name}, ${when[0] ?? ""}`);
    intro = i18n._(msg`A 30-minute demo was booked with you. Call the visitor at that time and confirm it with them today.`);
  } else if (input.kind === "lead_overdue") {
    subject = i18n._(msg`Overdue: ${name} has waited more than 24 hours`);
    intro = i18n._(
      msg`This lead of yours is still new after 24 hours. We promised an answer within 24 hours: contact them now, or hand the lead to someone else.`,
    );
  } else {
    subject = i18n._(msg`New lead for you: ${name}`);
    intro = input.by
      ? i18n._(msg`${input.by} gave you this lead. We promised an answer within 24 hours.`)
      : i18n._(msg`This lead is now yours. We promised an answer within 24 hours.`);
  }

  const rows: Array<[string, string]> = [[i18n._(msg`Name`), name]];
  if (str(payload.email)) rows.push([i18n._(msg`Email`), str(payload.email)]);
  if (phone) rows.push([i18n._(msg`Phone`), phone]);
  const company = str(payload.company) || str(payload.companyName);
  if (company) rows.push([i18n._(msg`Company`), company]);
  if (input.market) rows.push([i18n._(msg`Market`), input.market.name]);
  for (const w of when) rows.push([i18n._(msg`Demo time`), w]);
  for (const d of due) rows.push([i18n._(msg`Answer due`), d]);

  const { whatsappLabel, adminLabel, text } = teamText(i18n, intro, rows, { name, phone: phone ?? "", wa, tel, admin });
  const table = rowsTable(rows);
  const link = (href: string, label: string, bg: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;background:${bg};color:#ffffff;text-decoration:none;font-weight:700;padding:12px 18px;border-radius:8px;margin:0 0 8px;">${label}</a>`;
  const actions = [
    wa ? link(wa, escapeHtml(whatsappLabel), "#0b7a3e") : "",
    tel ? link(tel, `${escapeHtml(i18n._(msg`Call`))} ${ltr(phone ?? "")}`, "#0f766e") : "",
    link(admin, escapeHtml(adminLabel), "#134e4a"),
  ]
    .filter(Boolean)
    .join(" ");
  const html = layout(
    locale,
    site,
    subject,
    `${heading(subject)}${para(intro)}${table}<p style="margin:0;">${actions}</p>`,
    escapeHtml(i18n._(msg`Sent by the ${site.name[locale]} website to the person who owns this lead.`)),
  );
  return { subject, text, html };
}
