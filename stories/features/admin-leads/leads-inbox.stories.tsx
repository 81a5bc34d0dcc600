import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LeadsInbox } from "@/features/admin-leads/components/leads-inbox";
import { noFilters } from "@/features/admin-leads/lib/leads";
import { sampleLeads } from "./fixtures";

const meta = {
  title: "Admin/Leads/LeadsInbox",
  component: LeadsInbox,
  args: {
    status: "ready",
    leads: sampleLeads,
    total: sampleLeads.length,
    page: 1,
    pageCount: 1,
    pageSize: 50,
    hrefFor: (n: number) => (n > 1 ? `/admin/leads?page=${n}` : "/admin/leads"),
    onPageChange: fn(),
    filtered: false,
    filters: noFilters,
    search: "",
    onFiltersChange: fn(),
    onSearchChange: fn(),
    onOpen: fn(),
    onExport: fn(),
    onRetry: fn(),
  },
  parameters: { route: "/admin/leads" },
} satisfies Meta<typeof LeadsInbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("3 submissions")).toBeInTheDocument();
    await userEvent.selectOptions(c.getByLabelText("Type"), "newsletter");
    await expect(args.onFiltersChange).toHaveBeenCalledWith({ type: "newsletter" });
    await userEvent.click(c.getByRole("button", { name: "View details: Ethan Clarke" }));
    await expect(args.onOpen).toHaveBeenCalledWith("l1");
    await userEvent.click(c.getByRole("button", { name: "Export CSV" }));
    await expect(args.onExport).toHaveBeenCalled();
  },
};

export const Loading: Story = { args: { status: "loading", leads: [], total: 0 } };
export const Failed: Story = { globals: { locale: "en" }, args: { status: "failed", leads: [], total: 0 } };
export const Empty: Story = { globals: { locale: "en" }, args: { leads: [], total: 0 } };
export const EmptyArabic: Story = { args: { leads: [], total: 0 } };

/** Page 2 of many: the count is the true total, and the page links change the page in place. */
export const ManyPages: Story = {
  globals: { locale: "en" },
  args: { total: 1234, page: 2, pageCount: 25 },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("1,234 submissions")).toBeInTheDocument();
    const nav = c.getByRole("navigation", { name: "Lead pages" });
    await expect(within(nav).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await userEvent.click(within(nav).getByRole("link", { name: /Next/ }));
    await expect(args.onPageChange).toHaveBeenCalledWith(3);
  },
};
export const ManyPagesArabic: Story = { args: { total: 1234, page: 25, pageCount: 25 } };
export const Exporting: Story = { globals: { locale: "en" }, args: { total: 1234, pageCount: 25, exporting: true } };
export const ExportFailed: Story = { args: { total: 1234, pageCount: 25, exportError: "network" } };
export const Filtered: Story = {
  globals: { locale: "en" },
  args: { leads: [sampleLeads[1]!], total: 1, filtered: true, filters: { type: "sales_lead", from: "2026-02-01", to: "2026-02-28" }, search: "layla" },
};
export const FilteredNothing: Story = {
  args: { leads: [], total: 0, filtered: true, filters: { type: "newsletter", from: "2026-02-01", to: "" }, search: "" },
};
