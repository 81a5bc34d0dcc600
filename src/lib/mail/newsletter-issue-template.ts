/**
 * A newsletter issue as an email (docs/newsletter.md): the issue's sanitised HTML in the site's message
 * layout, in the issue's language (Arabic right to left), with its preheader, a link to the web version
 * and the one-click unsubscribe link in the footer. Rendered once per issue by the mail worker with
 * `UNSUBSCRIBE_PLACEHOLDER` standing for each recipient's own signed link (`personalise`).
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type MailLocale, type MailSite, type RenderedMail, escapeHtml, layout } from "./templates.ts";

const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.invalid/__wasla_unsubscribe__";

export interface NewsletterIssueInput {
  locale: MailLocale;
  site: MailSite;
  subject: string;
  preheader: string;
  /** Already sanitised (src/lib/sanitize.ts), with absolute image and link URLs. */
  bodyHtml: string;
  /** The public page of the issue. */
  webUrl: string;
  /** A test sent to a member: the subject says so. */
  test?: boolean;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** A plain-text reading of sanitised HTML: blocks on their own lines, links as "text (url)", list items with a dash. */
function htmlToText(html: string): string {
  return html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const label = inner.replace(/<[^>]+>/g, "").trim();
      return label && label !== href ? `${label} (${href})` : href;
    })
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|blockquote|ul|ol|table|tr|figure|pre)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function renderNewsletterIssue(i18n: I18n, input: NewsletterIssueInput): RenderedMail {
  const site = input.site.name[input.locale];
  const issueSubject = input.subject;
  const subject = input.test ? i18n._(msg`[Test] ${issueSubject}`) : issueSubject;
  const webLabel = i18n._(msg`Read it in your browser`);
  const why = i18n._(msg`You receive the ${site} newsletter because you subscribed and confirmed your address.`);
  const unsubscribeLabel = i18n._(msg`Unsubscribe with one click`);
  const dir = input.locale === "ar" ? "rtl" : "ltr";
  const preheader = input.preheader.trim()
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;" aria-hidden="true">${escapeHtml(input.preheader)}</div>`
    : "";
  const web = `<p style="margin:0 0 16px;font-size:13px;"><a href="${escapeHtml(input.webUrl)}" style="color:#0f766e;">${escapeHtml(webLabel)}</a></p>`;
  const title = `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.4;">${escapeHtml(input.subject)}</h1>`;
  const body = `${preheader}${web}${title}<div dir="${dir}">${input.bodyHtml}</div>`;
  const footer = `${escapeHtml(why)}<br><a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#0f766e;">${escapeHtml(unsubscribeLabel)}</a>`;
  const html = layout(input.locale, input.site, input.subject, body, footer);
  const text = [
    input.subject,
    "",
    `${webLabel}: ${input.webUrl}`,
    "",
    htmlToText(input.bodyHtml),
    "",
    "—",
    why,
    `${unsubscribeLabel}: ${UNSUBSCRIBE_PLACEHOLDER}`,
  ].join("\n");
  return { subject, text, html };
}

/** One recipient's copy: their own unsubscribe link in place of the placeholder. */
export function personalise(mail: RenderedMail, unsubscribeUrl: string): RenderedMail {
  return {
    subject: mail.subject,
    text: mail.text.split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribeUrl),
    html: mail.html.split(UNSUBSCRIBE_PLACEHOLDER).join(escapeHtml(unsubscribeUrl)),
  };
}
