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

export const Loading: Story = { args: { status: "loading", leads: [] } };
export const Failed: Story = { globals: { locale: "en" }, args: { status: "failed", leads: [] } };
export const Empty: Story = { globals: { locale: "en" }, args: { leads: [] } };
export const EmptyArabic: Story = { args: { leads: [] } };
export const Filtered: Story = {
  globals: { locale: "en" },
  args: { leads: [sampleLeads[1]!], filtered: true, filters: { type: "sales_lead", from: "2026-02-01", to: "2026-02-28" }, search: "layla" },
};
export const FilteredNothing: Story = {
  args: { leads: [], filtered: true, filters: { type: "newsletter", from: "2026-02-01", to: "" }, search: "" },
};
