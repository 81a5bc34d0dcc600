/**
 * The weekly analytics report to the owners (docs/analytics.md): last week's visitors, page views and stored
 * forms beside the week before, and the five most viewed pages, in the owner's language, with a link to the
 * analytics page. Queued by the server's analytics job (server/analytics/jobs.ts), rendered by the mail worker.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type MailLocale, type MailSite, type RenderedMail, button, escapeHtml, heading, layout, para } from "./templates.ts";

export interface AnalyticsReportFigures {
  from: string;
  to: string;
  views: number;
  visitors: number;
  stored: number;
  previous: { views: number; visitors: number; stored: number };
  topPages: { path: string; views: number }[];
}

const INTL: Record<MailLocale, string> = { ar: "ar-AE", en: "en-US" };

/** The change from `before` to `now`, signed, in percent; null when there was nothing before. */
function changeOf(now: number, before: number): number | null {
  return before === 0 ? null : (now - before) / before;
}

export function renderAnalyticsReport(
  i18n: I18n,
  input: { locale: MailLocale; site: MailSite; figures: AnalyticsReportFigures; link: string },
): RenderedMail {
  const { locale, figures: f } = input;
  const site = input.site.name[locale];
  const number = new Intl.NumberFormat(INTL[locale], { numberingSystem: "latn" });
  const percent = new Intl.NumberFormat(INTL[locale], {
    style: "percent",
    signDisplay: "exceptZero",
    maximumFractionDigits: 0,
    numberingSystem: "latn",
  });
  const date = new Intl.DateTimeFormat(INTL[locale], { day: "numeric", month: "long", timeZone: "UTC", numberingSystem: "latn" });
  const from = date.format(new Date(`${f.from}T00:00:00Z`));
  const to = date.format(new Date(`${f.to}T00:00:00Z`));
  const subject = i18n._(msg`${site}: your week in visitors, ${from} – ${to}`);
  const change = (now: number, before: number) => {
    const c = changeOf(now, before);
    const value = number.format(now);
    return c === null ? value : i18n._(msg`${value} (${percent.format(c)} on the week before)`);
  };
  const lines = [
    `${i18n._(msg`Visitors`)}: ${change(f.visitors, f.previous.visitors)}`,
    `${i18n._(msg`Page views`)}: ${change(f.views, f.previous.views)}`,
    `${i18n._(msg`Forms stored`)}: ${change(f.stored, f.previous.stored)}`,
  ];
  const pagesTitle = i18n._(msg`Most viewed pages`);
  const none = i18n._(msg`No page views were counted this week.`);
  const pages = f.topPages.map((p) => `${p.path} — ${number.format(p.views)}`);
  const label = i18n._(msg`Open the analytics`);
  const note = i18n._(msg`Visitors are counted without cookies; each day's visitors are counted separately.`);
  const text = [
    subject,
    "",
    ...lines,
    "",
    `${pagesTitle}:`,
    ...(pages.length ? pages : [none]),
    "",
    `${label}: ${input.link}`,
    "",
    "—",
    note,
  ].join("\n");
  const list = (items: string[]) =>
    `<ul style="margin:0 0 14px;padding-inline-start:20px;">${items.map((i) => `<li><bdi>${escapeHtml(i)}</bdi></li>`).join("")}</ul>`;
  const html = layout(
    locale,
    input.site,
    subject,
    `${heading(subject)}${list(lines)}${para(pagesTitle)}${pages.length ? list(pages) : para(none)}${button(input.link, label)}`,
    escapeHtml(note),
  );
  return { subject, text, html };
}
