import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LeadsDashboardView } from "@/features/admin-leads/components/leads-dashboard-card";
import { translator } from "../../support/i18n";

const meta = {
  title: "Admin/Leads/LeadsDashboardCard",
  component: LeadsDashboardView,
  args: {
    weekStart: "2026-11-23",
    data: {
      total: 23,
      byStatus: { new: 9, contacted: 6, qualified: 3, won: 2, lost: 1, spam: 2 },
      byFormType: { sales_lead: 12, demo_booking: 8, newsletter: 3 },
      byChannel: { whatsapp: 7, paid_search: 5, organic_search: 4, social: 2, direct: 2, unknown: 1 },
      byPage: [
        { path: "/contact", count: 10 },
        { path: "/en/blog/ai-for-brokers", count: 6 },
        { path: "/", count: 5 },
        { path: "/blog/%D9%85%D9%82%D8%A7%D9%84", count: 2 },
        { path: "/blog/%E0%A4%A", count: 1 },
      ],
      subscribers: 5,
      overdue: 4,
    },
  },
  parameters: { route: "/admin" },
} satisfies Meta<typeof LeadsDashboardView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every number opens the inbox filtered to exactly those leads. */
export const Week: Story = {
  play: async (context) => {
    const t = translator(context);
    const c = within(context.canvasElement);
    const prefix = context.globals.locale === "en" ? "/en" : "";
    const overdue = c.getAllByRole("link").find((a) => a.getAttribute("href") === `${prefix}/admin/leads?overdue=1`);
    await expect(overdue).toBeDefined();
    await expect(overdue).toHaveTextContent("4");
    // Newsletter subscribers are counted apart from leads, and open the inbox's subscribers view.
    const subscribers = c
      .getAllByRole("link")
      .find((l) => l.getAttribute("href") === `${prefix}/admin/leads?kind=subscribers&from=2026-11-23`);
    await expect(subscribers).toHaveTextContent("5");
    await expect(
      c.getAllByRole("link").some((l) => l.getAttribute("href") === `${prefix}/admin/leads?kind=all&type=newsletter&from=2026-11-23`),
    ).toBe(true);
    const won = c.getAllByRole("link").find((a) => a.getAttribute("href") === `${prefix}/admin/leads?status=won&from=2026-11-23`);
    await expect(won).toHaveTextContent(t(msg`Won`));
    await expect(
      c.getAllByRole("link").some((a) => a.getAttribute("href") === `${prefix}/admin/leads?source=%2Fcontact&from=2026-11-23`),
    ).toBe(true);
    await expect(
      c.getAllByRole("link").some((a) => a.getAttribute("href") === `${prefix}/admin/leads?type=demo_booking&from=2026-11-23`),
    ).toBe(true);
    // Pages read as words, left to right inside the Arabic page; the link keeps the stored path; a malformed one stays as stored.
    const paths = c.getAllByTestId("lead-page-path");
    const arabic = paths.find((p) => p.textContent === "/blog/مقال");
    await expect(arabic).toBeDefined();
    await expect(arabic!.tagName).toBe("BDI");
    await expect(arabic).toHaveAttribute("dir", "ltr");
    await expect(arabic!.closest("a")).toHaveAttribute(
      "href",
      `${prefix}/admin/leads?source=${encodeURIComponent("/blog/%D9%85%D9%82%D8%A7%D9%84")}&from=2026-11-23`,
    );
    await expect(paths.some((p) => p.textContent === "/blog/%E0%A4%A")).toBe(true);
    // Channels of the leads' first visits, most first, each opening the inbox filtered to it.
    const whatsapp = c
      .getAllByRole("link")
      .find((a) => a.getAttribute("href") === `${prefix}/admin/leads?channel=whatsapp&from=2026-11-23`);
    await expect(whatsapp).toHaveTextContent(t(msg`WhatsApp`));
    await expect(whatsapp).toHaveTextContent("7");
    await expect(c.getAllByRole("link").some((a) => a.getAttribute("href")?.includes("channel=unknown"))).toBe(true);
  },
};
export const Loading: Story = { args: { data: null } };
export const Quiet: Story = {
  args: { data: { total: 0, byStatus: {}, byFormType: {}, byChannel: {}, byPage: [], subscribers: 0, overdue: 0 } },
};
export const Failed: Story = { args: { data: null, failed: true } };
