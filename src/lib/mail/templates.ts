/**
 * Every message the site sends, in the recipient's language: a subject, a plain-text body and an
 * HTML body (Arabic right to left with an Arabic font stack). Pure functions of an i18n instance and
 * the data, so the server's mail worker and Storybook render exactly the same thing.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BookingChange } from "./booking-change.ts";
import { formatPhone } from "../forms/phone.ts";
import { consentOf, countryValueLabel } from "./field-values.ts";
import { zonedInstant } from "./ics.ts";

export type { BookingChange } from "./booking-change.ts";

export type MailLocale = "ar" | "en";
export type MailKind =
  | "sales_notification"
  | "lead_acknowledgement"
  | "booking_confirmation"
  | "newsletter_confirmation"
  /** To sales: a booking sent from the browser outbox whose slot was taken meanwhile (stored as a lead, no booking). */
  | "booking_slot_lost"
  /** To the visitor and the assigned person, 24 hours and 1 hour before a demo. */
  | "booking_reminder";

export interface MailSite {
  name: { en: string; ar: string };
  /** Public origin, no trailing slash ("https://wasla.example"). */
  url: string;
  phone: string;
  whatsapp: string;
}

export interface MailSubmission {
  id: string;
  formType: "sales_lead" | "demo_booking" | "newsletter";
  payload: Record<string, unknown>;
  pagePath: string | null;
  locale: MailLocale;
  timeZone: string | null;
  createdAt: string;
}

export interface MailInput {
  kind: MailKind;
  locale: MailLocale;
  site: MailSite;
  /** The business's time zone (demo slots are on its clock). */
  businessTimeZone: string;
  submission?: MailSubmission;
  /** Signed links made by the server (manageBooking: the visitor's page to change or cancel their demo). */
  links?: { confirm?: string; unsubscribe?: string; manageBooking?: string };
  /** A change to a booking the visitor is told about (booking_confirmation rows queued by the agenda). */
  booking?: BookingChange;
  /** The booking's market (docs/markets.md): its name in the message's language, e.g. "Canada". */
  marketName?: string;
  /** The booking's current start (ISO), when known: it wins over the submission's date and time. */
  startsAt?: string;
  /** booking_reminder: which reminder, and to whom. */
  reminder?: { window: "24h" | "1h"; audience: "visitor" | "assignee" };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const FONT = {
  ar: "'Noto Sans Arabic', 'Geeza Pro', 'Segoe UI', Tahoma, 'Arabic Typesetting', Arial, sans-serif",
  en: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
};

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));
const intlLocale = (l: MailLocale) => (l === "ar" ? "ar-AE" : "en-US");

/** A date and time on a given clock, written for `locale` ("Tuesday, 1 December 2026, 9:30 AM"). */
export function formatInZone(instant: Date, locale: MailLocale, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(intlLocale(locale), {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    }).format(instant);
  } catch {
    return instant.toISOString();
  }
}

/** The block of HTML every message shares: direction, language, font stack, a plain card. */
export function layout(locale: MailLocale, site: MailSite, title: string, bodyHtml: string, footerHtml: string): string {
  const dir = locale === "ar" ? "rtl" : "ltr";
  const align = locale === "ar" ? "right" : "left";
  const name = escapeHtml(site.name[locale]);
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:600px;background:#ffffff;border-radius:12px;font-family:${FONT[locale]};color:#1a2b2b;font-size:16px;line-height:1.7;text-align:${align};">
<tr><td style="padding:20px 28px;border-bottom:3px solid #0f766e;font-size:20px;font-weight:700;color:#0f766e;">${name}</td></tr>
<tr><td style="padding:24px 28px;">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e2e8e8;font-size:13px;color:#5b6b6b;">${footerHtml}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export const button = (href: string, label: string) =>
  `<p style="margin:20px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 22px;border-radius:8px;">${escapeHtml(label)}</a></p>`;
/** A phone number inside text, formatted ("+971 50 123 4567") and isolated left to right (LRI … PDI), so it reads the same in Arabic. */
export const phoneText = (e164: string) => `\u2066${formatPhone(e164)}\u2069`;
/** HTML of a text that may hold `phoneText` numbers: each one in a `<bdi dir="ltr">`. */
const htmlWithPhones = (text: string) =>
  escapeHtml(text).replace(/\u2066([^\u2069]*)\u2069/g, (_, n: string) => `<bdi dir="ltr">${n}</bdi>`);
/**
 * A message to the team as plain text: the intro, the lead's rows, then WhatsApp, call and the admin link
 * (those it has). With the labels, for the HTML's buttons.
 */
export function teamText(
  i18n: I18n,
  intro: string,
  rows: readonly (readonly [string, string])[],
  to: { name: string; phone: string; wa?: string | null; tel?: string | null; admin: string },
) {
  const { name } = to;
  const whatsappLabel = i18n._(msg`WhatsApp ${name}`);
  const callLabel = i18n._(msg`Call ${to.phone}`);
  const adminLabel = i18n._(msg`Open in the admin`);
  const actions = [
    ...(to.wa ? [`${whatsappLabel}: ${to.wa}`] : []),
    ...(to.tel ? [`${callLabel}: ${to.tel}`] : []),
    `${adminLabel}: ${to.admin}`,
  ];
  return { whatsappLabel, adminLabel, text: [intro, "", ...rows.map(([k, v]) => `${k}: ${v}`), "", ...actions].join("\n") };
}

/** The lead's rows as a table: labels as row headers; numbers, addresses and links kept left to right. */
export const rowsTable = (rows: readonly (readonly [string, string])[]) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 18px;">${rows
    .map(
      ([k, v]) =>
        `<tr><th scope="row" style="padding:8px 0;border-bottom:1px solid #e2e8e8;font-weight:600;color:#5b6b6b;vertical-align:top;width:40%;text-align:inherit;">${escapeHtml(k)}</th><td style="padding:8px 0;border-bottom:1px solid #e2e8e8;vertical-align:top;">${v.includes("\u2066") ? htmlWithPhones(v) : /^[+\d\s()-]+$|@|^https?:/.test(v) ? ltr(v) : escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;

export const para = (text: string) => `<p style="margin:0 0 14px;">${htmlWithPhones(text)}</p>`;
export const heading = (text: string) => `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.4;">${escapeHtml(text)}</h1>`;
/** Numbers, addresses and links read left to right inside Arabic text. */
export const ltr = (text: string) => `<span dir="ltr" style="unicode-bidi:isolate;">${escapeHtml(text)}</span>`;

function fieldLabels(i18n: I18n): Record<string, string> {
  return {
    fullName: i18n._(msg`Full name`),
    email: i18n._(msg`Email`),
    phone: i18n._(msg`Phone`),
    countryCode: i18n._(msg`Country code`),
    phoneNumber: i18n._(msg`Phone number`),
    countryIso: i18n._(msg`Visitor's country`),
    country: i18n._(msg`Country`),
    city: i18n._(msg`City`),
    company: i18n._(msg`Company`),
    companyName: i18n._(msg`Company`),
    preferredCallTime: i18n._(msg`Preferred call time`),
    isEnterpriseInterested: i18n._(msg`Interested in the enterprise plan`),
    demoDate: i18n._(msg`Demo date`),
    demoTime: i18n._(msg`Demo time`),
  };
}

function fieldValue(i18n: I18n, key: string, value: unknown): string {
  if (key === "preferredCallTime") {
    if (value === "9-5") return i18n._(msg`9 AM – 5 PM`);
    if (value === "5-9") return i18n._(msg`5 PM – 9 PM`);
  }
  if (key === "phone" && typeof value === "string" && /^\+\d+$/.test(value)) return phoneText(value);
  if (key === "countryIso" && typeof value === "string" && /^[A-Z]{2}$/.test(value)) {
    try {
      return new Intl.DisplayNames([intlLocale(i18n.locale === "ar" ? "ar" : "en")], { type: "region" }).of(value) ?? value;
    } catch {
      return value;
    }
  }
  const country = key === "country" ? countryValueLabel(value) : null;
  if (country) return i18n._(country);
  if (typeof value === "boolean") return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
  return str(value);
}

/** The visitor's phone in E.164 ("+971501234567"), from either payload shape. */
export function visitorPhone(payload: Record<string, unknown>): string | null {
  const phone = str(payload.phone).replace(/[^\d+]/g, "");
  if (/^\+\d{7,15}$/.test(phone)) return phone;
  const joined = `${str(payload.countryCode)}${str(payload.phoneNumber)}`.replace(/[^\d+]/g, "");
  if (/^\+\d{7,15}$/.test(joined)) return joined;
  return /^\d{7,15}$/.test(phone) ? `+${phone}` : null;
}

/** The visitor's phone for text: formatted and isolated when it is a number, else as stored. */
const shownPhone = (payload: Record<string, unknown>) => {
  const e164 = visitorPhone(payload);
  return e164 ? phoneText(e164) : str(payload.phone);
};

/** When a demo is, on the business clock and on the visitor's (`at`: a rescheduled start instead of the booked one). */
export function demoTimes(s: MailSubmission, locale: MailLocale, businessTimeZone: string, at?: string | null) {
  const date = str(s.payload.demoDate);
  const time = str(s.payload.demoTime);
  if (!at && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time))) return null;
  const start = at ? new Date(at) : zonedInstant(date, time, businessTimeZone);
  const business = formatInZone(start, locale, businessTimeZone);
  const visitorZone = s.timeZone && s.timeZone !== businessTimeZone ? s.timeZone : null;
  const visitor = visitorZone ? formatInZone(start, locale, visitorZone) : null;
  return { start, business, visitor, visitorZone };
}

/** payload.bookingConflict of a booking stored without its slot (public.book_demo_or_keep_lead). */
export function slotLostOf(payload: Record<string, unknown>): { requestedStart: string; reason: string } | null {
  const c = payload.bookingConflict as { requestedStart?: unknown; reason?: unknown } | null | undefined;
  if (!c || typeof c !== "object" || typeof c.requestedStart !== "string" || Number.isNaN(Date.parse(c.requestedStart))) return null;
  return { requestedStart: c.requestedStart, reason: typeof c.reason === "string" ? c.reason : "slot_taken" };
}

function salesNotification(i18n: I18n, input: MailInput, s: MailSubmission): RenderedMail {
  const locale = input.locale;
  const labels = fieldLabels(i18n);
  const name = str(s.payload.fullName) || str(s.payload.email);
  const isBooking = s.formType === "demo_booking";
  const lost = input.kind === "booking_slot_lost" ? slotLostOf(s.payload) : null;
  const requested = lost ? demoTimes(s, locale, input.businessTimeZone, lost.requestedStart) : null;
  const subject = lost
    ? i18n._(msg`Demo time lost, call back: ${name}`)
    : isBooking
      ? i18n._(msg`New demo booking: ${name}`)
      : i18n._(msg`New sales lead: ${name}`);
  const created = new Date(s.createdAt);
  const visitorTime = s.timeZone ? `${formatInZone(created, locale, s.timeZone)} (${s.timeZone})` : i18n._(msg`Unknown`);
  const businessTime = formatInZone(created, locale, input.businessTimeZone);
  const page = s.pagePath ? `${input.site.url}${s.pagePath}` : "";
  const phone = visitorPhone(s.payload);
  const wa = phone ? `https://wa.me/${phone.slice(1)}` : null;
  const tel = phone ? `tel:${phone}` : null;
  const admin = `${input.site.url}${locale === "en" ? "/en" : ""}/admin/leads?lead=${encodeURIComponent(s.id)}`;
  const demo = isBooking && !lost ? demoTimes(s, locale, input.businessTimeZone) : null;
  const languageName = s.locale === "ar" ? i18n._(msg`Arabic`) : i18n._(msg`English`);

  const skip = new Set(["consent", "phoneNumber", "countryCode", "bookingConflict"]);
  const rows: Array<[string, string]> = [];
  if (requested) {
    rows.push([i18n._(msg`Requested time (office time)`), requested.business]);
    if (requested.visitor) rows.push([i18n._(msg`Requested time (visitor's time)`), requested.visitor]);
    rows.push([i18n._(msg`Booking`), i18n._(msg`None: the time was taken before the request arrived`)]);
  }
  for (const [key, value] of Object.entries(s.payload)) {
    if (skip.has(key) && !(key === "phoneNumber" && !phone)) continue;
    if (value === "" || value === null || value === undefined) continue;
    rows.push([labels[key] ?? key, fieldValue(i18n, key, value)]);
  }
  if (demo?.visitor) rows.push([i18n._(msg`Demo in the visitor's time`), demo.visitor]);
  const consent = consentOf(s.payload.consent);
  if (consent) rows.push([i18n._(msg`Marketing email consent`), consent.marketing ? i18n._(msg`Yes`) : i18n._(msg`No`)]);
  rows.push([i18n._(msg`Language`), languageName]);
  rows.push([i18n._(msg`Sent from`), page || i18n._(msg`Unknown`)]);
  rows.push([i18n._(msg`Visitor's local time`), visitorTime]);
  rows.push([i18n._(msg`Received (office time)`), businessTime]);

  const intro = lost
    ? i18n._(
        msg`A visitor booked a demo while offline. When the request arrived, someone else had taken that time, so no demo is booked. The visitor was offered other times; call them today to agree one.`,
      )
    : isBooking
      ? i18n._(msg`A visitor booked a 30-minute demo. Confirm the slot with them today.`)
      : i18n._(msg`A visitor asked to be called back. We promised an answer within 24 hours.`);
  const { whatsappLabel, adminLabel, text } = teamText(i18n, intro, rows, { name, phone: phone ? phoneText(phone) : "", wa, tel, admin });
  const table = rowsTable(rows);
  const actions = [
    wa
      ? `<a href="${escapeHtml(wa)}" style="display:inline-block;background:#0b7a3e;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 18px;border-radius:8px;margin:0 0 8px;">${escapeHtml(whatsappLabel)}</a>`
      : "",
    tel
      ? `<a href="${escapeHtml(tel)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 18px;border-radius:8px;margin:0 0 8px;">${escapeHtml(i18n._(msg`Call`))} <bdi dir="ltr">${escapeHtml(formatPhone(phone ?? ""))}</bdi></a>`
      : "",
    `<a href="${escapeHtml(admin)}" style="display:inline-block;background:#ffffff;color:#0f766e;border:2px solid #0f766e;text-decoration:none;font-weight:700;padding:10px 18px;border-radius:8px;margin:0 0 8px;">${escapeHtml(adminLabel)}</a>`,
  ]
    .filter(Boolean)
    .join(" ");
  const html = layout(
    locale,
    input.site,
    subject,
    `${heading(subject)}${para(intro)}${table}<p style="margin:0;">${actions}</p>`,
    escapeHtml(i18n._(msg`Sent by the ${input.site.name[locale]} website to the sales team.`)),
  );
  return { subject, text, html };
}

function visitorFooter(i18n: I18n, input: MailInput): { html: string; text: string } {
  const name = input.site.name[input.locale];
  const line = i18n._(
    msg`You received this message because you used a form on the ${name} website. Questions? Reply to this email or call ${phoneText(input.site.phone)}.`,
  );
  const privacy = `${input.site.url}${input.locale === "en" ? "/en" : ""}/privacy-policy`;
  const privacyLabel = i18n._(msg`Privacy policy`);
  return {
    text: `${line}\n${privacyLabel}: ${privacy}`,
    html: `${htmlWithPhones(line)}<br><a href="${escapeHtml(privacy)}" style="color:#0f766e;">${escapeHtml(privacyLabel)}</a>`,
  };
}

/**
 * A mail to the visitor: "Hello {first name},", the message (as text lines and as HTML), the WhatsApp
 * button and the visitor footer.
 */
function toVisitor(i18n: I18n, input: MailInput, s: MailSubmission, subject: string, body: { text: string[]; html: string }): RenderedMail {
  const name = str(s.payload.fullName).trim().split(/\s+/)[0] ?? "";
  const greeting = i18n._(msg`Hello ${name},`);
  const wa = `https://wa.me/${input.site.whatsapp.replace(/^\+/, "")}`;
  const waLabel = i18n._(msg`Chat on WhatsApp`);
  const footer = visitorFooter(i18n, input);
  const text = [greeting, "", ...body.text, `${waLabel}: ${wa}`, "", "—", footer.text].join("\n");
  const html = layout(input.locale, input.site, subject, `${para(greeting)}${body.html}${button(wa, waLabel)}`, footer.html);
  return { subject, text, html };
}

function leadAcknowledgement(i18n: I18n, input: MailInput, s: MailSubmission): RenderedMail {
  const site = input.site.name[input.locale];
  const subject = i18n._(msg`We received your request – ${site}`);
  const body1 = i18n._(msg`Thank you for your interest! A member of our sales team will contact you within 24 hours.`);
  const callTime = s.payload.preferredCallTime === "5-9" ? i18n._(msg`between 5 PM and 9 PM`) : i18n._(msg`between 9 AM and 5 PM`);
  const body2 = i18n._(msg`We will call you ${callTime} (UAE time), as you asked.`);
  const body3 = i18n._(msg`Can't wait? Message us on WhatsApp and we will answer in Arabic or English.`);
  return toVisitor(i18n, input, s, subject, {
    text: [body1, body2, "", body3],
    html: `${para(body1)}${para(body2)}${para(body3)}`,
  });
}

function bookingConfirmation(i18n: I18n, input: MailInput, s: MailSubmission): RenderedMail {
  const site = input.site.name[input.locale];
  const times = demoTimes(s, input.locale, input.businessTimeZone, input.startsAt);
  const when = times?.business ?? `${str(s.payload.demoDate)} ${str(s.payload.demoTime)}`;
  const subject = i18n._(msg`Your ${site} demo: ${when}`);
  const body1 = i18n._(
    msg`Your 30-minute demo is booked. The invitation is attached: open it to add the demo to Google Calendar, Outlook or Apple Calendar.`,
  );
  const whenLabel = whenLabelOf(i18n, input);
  const localLabel = i18n._(msg`Your local time`);
  const body2 = input.links?.manageBooking
    ? i18n._(
        msg`We will call you on ${shownPhone(s.payload)} at that time. To change or cancel it, use the link below, reply to this email or message us on WhatsApp.`,
      )
    : i18n._(
        msg`We will call you on ${shownPhone(s.payload)} at that time. To change or cancel it, reply to this email or message us on WhatsApp.`,
      );
  const box = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f0faf9;border-radius:8px;margin:0 0 16px;"><tr><td style="padding:14px 18px;"><strong>${escapeHtml(whenLabel)}</strong><br>${escapeHtml(when)}${
    times?.visitor ? `<br><br><strong>${escapeHtml(localLabel)}</strong><br>${escapeHtml(times.visitor)}` : ""
  }</td></tr></table>`;
  const manage = manageLinks(i18n, input);
  return toVisitor(i18n, input, s, subject, {
    text: [body1, "", `${whenLabel}: ${when}`, ...(times?.visitor ? [`${localLabel}: ${times.visitor}`] : []), "", body2, ...manage.text],
    html: `${para(body1)}${box}${para(body2)}${manage.html}`,
  });
}

/** "When (Canada time)", or the UAE wording when the market is not known. */
function whenLabelOf(i18n: I18n, input: MailInput): string {
  const market = input.marketName;
  return market ? i18n._(msg`When (${market} time)`) : i18n._(msg`When (UAE time)`);
}

/** The visitor's link to change or cancel the demo (valid until it starts, once per change). */
function manageLinks(i18n: I18n, input: MailInput): { text: string[]; html: string } {
  const link = input.links?.manageBooking;
  if (!link) return { text: [], html: "" };
  const label = i18n._(msg`Change or cancel my demo`);
  const note = i18n._(msg`This link works until the demo starts, for this booking only.`);
  return { text: ["", `${label}: ${link}`, note], html: `${button(link, label)}${para(note)}` };
}

/** 24 hours and 1 hour before a demo: to the visitor (their language) or to the salesperson it is assigned to. */
function bookingReminder(i18n: I18n, input: MailInput, s: MailSubmission): RenderedMail {
  const site = input.site.name[input.locale];
  const times = demoTimes(s, input.locale, input.businessTimeZone, input.startsAt)!;
  const soon = input.reminder?.window === "1h";
  const whenLabel = whenLabelOf(i18n, input);
  const localLabel = i18n._(msg`Your local time`);
  if (input.reminder?.audience === "assignee") {
    const name = str(s.payload.fullName);
    const subject = soon
      ? i18n._(msg`In 1 hour: demo with ${name} (${times.business})`)
      : i18n._(msg`Tomorrow: demo with ${name} (${times.business})`);
    const body = i18n._(msg`Reminder: you have a 30-minute demo with ${name}, ${visitorPhone(s.payload) ?? str(s.payload.phone)}.`);
    const lines: Array<[string, string]> = [[whenLabel, times.business]];
    if (times.visitor) lines.push([i18n._(msg`Visitor's local time`), times.visitor]);
    const text = [body, "", ...lines.map(([k, v]) => `${k}: ${v}`)].join("\n");
    const html = layout(
      input.locale,
      input.site,
      subject,
      `${heading(subject)}${para(body)}${lines.map(([k, v]) => `<p style="margin:0 0 8px;"><strong>${escapeHtml(k)}</strong><br>${escapeHtml(v)}</p>`).join("")}`,
      escapeHtml(site),
    );
    return { subject, text, html };
  }
  const subject = soon
    ? i18n._(msg`Your ${site} demo starts in 1 hour: ${times.business}`)
    : i18n._(msg`Reminder: your ${site} demo is tomorrow: ${times.business}`);
  const body1 = soon
    ? i18n._(msg`Your 30-minute demo starts in about an hour. We will call you on ${visitorPhone(s.payload) ?? str(s.payload.phone)}.`)
    : i18n._(
        msg`A reminder of your 30-minute demo in about 24 hours. We will call you on ${visitorPhone(s.payload) ?? str(s.payload.phone)}.`,
      );
  const lines: Array<[string, string]> = [[whenLabel, times.business]];
  if (times.visitor) lines.push([localLabel, times.visitor]);
  const box = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f0faf9;border-radius:8px;margin:0 0 16px;"><tr><td style="padding:14px 18px;">${lines
    .map(([k, v]) => `<strong>${escapeHtml(k)}</strong><br>${escapeHtml(v)}`)
    .join("<br><br>")}</td></tr></table>`;
  const manage = manageLinks(i18n, input);
  return toVisitor(i18n, input, s, subject, {
    text: [body1, "", ...lines.map(([k, v]) => `${k}: ${v}`), ...manage.text, ""],
    html: `${para(body1)}${box}${manage.html}`,
  });
}

/** The visitor's email when the team moved or cancelled their demo (with an updated invitation). */
function bookingChanged(i18n: I18n, input: MailInput, s: MailSubmission, change: BookingChange): RenderedMail {
  const site = input.site.name[input.locale];
  const now = demoTimes(s, input.locale, input.businessTimeZone, change.startsAt)!;
  const before = change.previousStartsAt ? demoTimes(s, input.locale, input.businessTimeZone, change.previousStartsAt) : null;
  const cancelled = change.event === "cancelled";
  const subject = cancelled
    ? i18n._(msg`Your ${site} demo is cancelled: ${now.business}`)
    : i18n._(msg`Your ${site} demo has moved: ${now.business}`);
  const body1 = cancelled
    ? i18n._(msg`Your 30-minute demo has been cancelled. The attached update removes it from your calendar.`)
    : i18n._(msg`We have moved your 30-minute demo to a new time. The attached invitation updates your calendar.`);
  const market = input.marketName;
  const whenLabel = market
    ? cancelled
      ? i18n._(msg`Cancelled demo (${market} time)`)
      : i18n._(msg`New time (${market} time)`)
    : cancelled
      ? i18n._(msg`Cancelled demo (UAE time)`)
      : i18n._(msg`New time (UAE time)`);
  const localLabel = i18n._(msg`Your local time`);
  const beforeLabel = market ? i18n._(msg`Previous time (${market} time)`) : i18n._(msg`Previous time (UAE time)`);
  const body2 = cancelled
    ? i18n._(msg`Would you like another time? Book a new demo on our website, reply to this email or message us on WhatsApp.`)
    : i18n._(msg`If the new time does not suit you, reply to this email or message us on WhatsApp.`);
  const lines: Array<[string, string]> = [[whenLabel, now.business]];
  if (now.visitor) lines.push([localLabel, now.visitor]);
  if (before && !cancelled) lines.push([beforeLabel, before.business]);
  const box = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${cancelled ? "#fdf2f2" : "#f0faf9"};border-radius:8px;margin:0 0 16px;"><tr><td style="padding:14px 18px;">${lines
    .map(([k, v]) => `<strong>${escapeHtml(k)}</strong><br>${cancelled && k === whenLabel ? `<s>${escapeHtml(v)}</s>` : escapeHtml(v)}`)
    .join("<br><br>")}</td></tr></table>`;
  const manage = cancelled ? { text: [], html: "" } : manageLinks(i18n, input);
  return toVisitor(i18n, input, s, subject, {
    text: [body1, "", ...lines.map(([k, v]) => `${k}: ${v}`), "", body2, ...manage.text],
    html: `${para(body1)}${box}${para(body2)}${manage.html}`,
  });
}

function newsletterConfirmation(i18n: I18n, input: MailInput): RenderedMail {
  const site = input.site.name[input.locale];
  const subject = i18n._(msg`Confirm your subscription to the ${site} newsletter`);
  const body1 = i18n._(
    msg`Please confirm that you want to receive the ${site} newsletter: one practical email a month with follow-up scripts, market notes for the UAE and Canada, and what is working for top teams.`,
  );
  const body2 = i18n._(msg`If you did not ask for it, ignore this message: you will not be subscribed.`);
  const confirmLabel = i18n._(msg`Yes, subscribe me`);
  const unsubscribeLabel = i18n._(msg`Unsubscribe`);
  const confirm = input.links?.confirm ?? "";
  const unsubscribe = input.links?.unsubscribe ?? "";
  const expires = i18n._(msg`The confirmation link works for 7 days.`);
  const footerText = i18n._(msg`You can unsubscribe at any time with one click.`);
  const text = [
    body1,
    "",
    `${confirmLabel}: ${confirm}`,
    expires,
    "",
    body2,
    "",
    "—",
    `${footerText} ${unsubscribeLabel}: ${unsubscribe}`,
  ].join("\n");
  const html = layout(
    input.locale,
    input.site,
    subject,
    `${heading(subject)}${para(body1)}${button(confirm, confirmLabel)}${para(expires)}${para(body2)}`,
    `${escapeHtml(footerText)} <a href="${escapeHtml(unsubscribe)}" style="color:#0f766e;">${escapeHtml(unsubscribeLabel)}</a>`,
  );
  return { subject, text, html };
}

export function renderMail(i18n: I18n, input: MailInput): RenderedMail {
  switch (input.kind) {
    case "sales_notification":
      if (!input.submission) throw new Error("sales_notification needs a submission");
      return salesNotification(i18n, input, input.submission);
    case "booking_slot_lost":
      if (!input.submission) throw new Error("booking_slot_lost needs a submission");
      return salesNotification(i18n, input, input.submission);
    case "lead_acknowledgement":
      if (!input.submission) throw new Error("lead_acknowledgement needs a submission");
      return leadAcknowledgement(i18n, input, input.submission);
    case "booking_confirmation":
      if (!input.submission) throw new Error("booking_confirmation needs a submission");
      if (input.booking) return bookingChanged(i18n, input, input.submission, input.booking);
      return bookingConfirmation(i18n, input, input.submission);
    case "newsletter_confirmation":
      return newsletterConfirmation(i18n, input);
    case "booking_reminder":
      if (!input.submission) throw new Error("booking_reminder needs a submission");
      return bookingReminder(i18n, input, input.submission);
  }
}

/** The demo invitation's summary and description, in the visitor's language. */
export function inviteText(i18n: I18n, input: MailInput, s: MailSubmission) {
  const site = input.site.name[input.locale];
  const times = demoTimes(s, input.locale, input.businessTimeZone, input.booking?.startsAt ?? input.startsAt);
  return {
    summary: i18n._(msg`${site} demo (30 minutes)`),
    description: [
      i18n._(msg`A 30-minute demo of ${site} for ${str(s.payload.fullName)}.`),
      ...(times?.visitor ? [i18n._(msg`Your local time: ${times.visitor}`)] : []),
      // A calendar's description is plain text; left-to-right marks (not isolates) are what calendar apps show well.
      i18n._(msg`We will call you on ${`\u200E${formatPhone(visitorPhone(s.payload) ?? str(s.payload.phone))}\u200E`}.`),
    ].join("\n"),
  };
}
