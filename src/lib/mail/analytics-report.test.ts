import { describe, expect, it } from "vitest";
import { getI18n } from "@/lib/i18n/catalogs";
import { type AnalyticsReportFigures, renderAnalyticsReport } from "./analytics-report";

const site = { name: { en: "Wasla", ar: "وصلة" }, url: "https://wasla.example", phone: "+15555550100", whatsapp: "+15555550100" };
const figures: AnalyticsReportFigures = {
  from: "2026-11-23",
  to: "2026-11-29",
  views: 12840,
  visitors: 5120,
  stored: 37,
  previous: { views: 10700, visitors: 5120, stored: 0 },
  topPages: [
    { path: "/", views: 4210 },
    { path: "/en/contact", views: 1320 },
  ],
};
const link = "https://wasla.example/admin/analytics";

describe("the weekly analytics report", () => {
  it("gives last week's figures beside the week before, in English", () => {
    const mail = renderAnalyticsReport(getI18n("en"), { locale: "en", site, figures, link });
    expect(mail.subject).toBe("Wasla: your week in visitors, November 23 – November 29");
    expect(mail.text).toContain("Visitors: 5,120 (0% on the week before)");
    expect(mail.text).toContain("Page views: 12,840 (+20% on the week before)");
    // Nothing stored the week before: no percentage to give.
    expect(mail.text).toContain("Forms stored: 37\n");
    expect(mail.text).toContain("/en/contact — 1,320");
    expect(mail.html).toContain(link);
  });

  it("is in Arabic, right to left, with Western digits", () => {
    const mail = renderAnalyticsReport(getI18n("ar"), { locale: "ar", site, figures, link });
    expect(mail.subject).toContain("وصلة");
    expect(mail.text).toContain("12,840");
    expect(mail.html).toContain('dir="rtl"');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[٠-٩۰-۹]/);
  });
});
