import { useLingui } from "@lingui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { type AnalyticsReportFigures, renderAnalyticsReport } from "@/lib/mail/analytics-report";
import { MailView } from "../../support/mail-view";

/**
 * The owners' weekly analytics report (docs/analytics.md), in the story's language: last week beside the week
 * before, the most viewed pages; and a quiet week with nothing to compare against.
 */
const site = { name: { en: "Wasla", ar: "وصلة" }, url: "https://wasla.example", phone: "+15555550100", whatsapp: "+15555550100" };
const busy: AnalyticsReportFigures = {
  from: "2026-11-23",
  to: "2026-11-29",
  views: 12840,
  visitors: 5120,
  stored: 37,
  previous: { views: 10700, visitors: 5480, stored: 29 },
  topPages: [
    { path: "/", views: 4210 },
    { path: "/en", views: 2380 },
    { path: "/contact", views: 1320 },
    { path: "/blog/ai-follow-up-speed", views: 880 },
    { path: "/en/book", views: 610 },
  ],
};
const quiet: AnalyticsReportFigures = {
  ...busy,
  views: 0,
  visitors: 0,
  stored: 0,
  previous: { views: 0, visitors: 0, stored: 0 },
  topPages: [],
};

function ReportPreview({ figures }: { figures: AnalyticsReportFigures }) {
  const { i18n } = useLingui();
  const locale = i18n.locale === "en" ? "en" : "ar";
  const mail = renderAnalyticsReport(i18n, { locale, site, figures, link: `${site.url}${locale === "en" ? "/en" : ""}/admin/analytics` });
  return <MailView mail={mail} locale={locale} height="560px" />;
}

const meta = {
  title: "Lib/Mail/Analytics report",
  component: ReportPreview,
  args: { figures: busy },
} satisfies Meta<typeof ReportPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LastWeek: Story = {
  play: async ({ canvasElement }) => {
    const frame = canvasElement.querySelector("iframe")!;
    await waitFor(() => expect(frame.contentDocument?.body?.textContent ?? "").toContain("12,840"));
    expect(within(frame.contentDocument!.body).getByText(/\/blog\/ai-follow-up-speed/)).toBeInTheDocument();
    expect(frame.contentDocument!.body.textContent).not.toMatch(/[٠-٩۰-۹]/);
  },
};

export const QuietWeek: Story = { args: { figures: quiet } };
