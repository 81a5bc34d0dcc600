import { useLingui } from "@lingui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { personalise, renderNewsletterIssue } from "@/lib/mail/newsletter-issue-template";
import { localeOf } from "../../support/i18n";
import { MailView } from "../../support/mail-view";

const site = { name: { en: "Wasla", ar: "وصلة" }, url: "https://wasla.example", phone: "+16135550142", whatsapp: "+16135550199" };
const content = {
  ar: {
    subject: "نشرة نوفمبر: متابعة العملاء في 5 دقائق",
    preheader: "ثلاثة نصوص متابعة جاهزة",
    body: '<h2 dir="auto">أهم ما في هذا العدد</h2><p dir="auto">الرد السريع يربح الصفقات. <a href="https://wasla.example/blog/x">اقرأ الدليل</a></p><ul dir="auto"><li>اتصل أولًا</li><li>ثم واتساب</li></ul>',
  },
  en: {
    subject: "November: follow up a lead in 5 minutes",
    preheader: "Three ready follow-up scripts",
    body: '<h2 dir="auto">In this issue</h2><p dir="auto">Speed wins deals. <a href="https://wasla.example/en/blog/x">Read the guide</a></p><ul dir="auto"><li>Call first</li><li>Then WhatsApp</li></ul>',
  },
};

/** A newsletter issue as its subscribers receive it, in the story's language, with one recipient's unsubscribe link. */
function IssuePreview({ test }: { test: boolean }) {
  const { i18n } = useLingui();
  const locale = i18n.locale === "en" ? "en" : "ar";
  const c = content[locale];
  const mail = personalise(
    renderNewsletterIssue(i18n, {
      locale,
      site,
      subject: c.subject,
      preheader: c.preheader,
      bodyHtml: c.body,
      webUrl: `${site.url}${locale === "en" ? "/en" : ""}/newsletter/issues/11111111-1111-4111-8111-111111111111`,
      test,
    }),
    `${site.url}/newsletter/unsubscribe?token=example`,
  );
  return <MailView mail={mail} locale={locale} />;
}

const meta = {
  title: "Lib/Mail/NewsletterIssue",
  component: IssuePreview,
  args: { test: false },
} satisfies Meta<typeof IssuePreview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The issue in its language and direction: web version link, body, the one-click unsubscribe link of this recipient. */
export const Issue: Story = {
  play: async ({ canvasElement, ...context }) => {
    const locale = localeOf(context);
    const frame = canvasElement.querySelector("iframe")!;
    await waitFor(() => expect(frame.contentDocument?.body?.textContent ?? "").not.toBe(""));
    const doc = frame.contentDocument!;
    await expect(doc.documentElement.getAttribute("dir")).toBe(locale === "ar" ? "rtl" : "ltr");
    await expect(doc.querySelector('a[href="https://wasla.example/newsletter/unsubscribe?token=example"]')).not.toBeNull();
    await expect(doc.querySelector('a[href*="/newsletter/issues/"]')).not.toBeNull();
    await expect(doc.body.innerHTML).not.toContain("unsubscribe.invalid");
  },
};

/** A test to the member: the subject says so. */
export const Test: Story = { args: { test: true } };
