import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { LeadDetailDialog } from "@/features/admin-leads/components/lead-detail-dialog";
import { sampleLeads } from "./fixtures";

const meta = {
  title: "Admin/Leads/LeadDetailDialog",
  component: LeadDetailDialog,
  args: { lead: sampleLeads[0]!, onClose: fn() },
  parameters: { route: "/admin/leads" },
} satisfies Meta<typeof LeadDetailDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DemoBooking: Story = {
  globals: { locale: "en" },
  play: async () => {
    const dialog = await within(document.body).findByRole("dialog");
    await expect(dialog).toHaveTextContent("In the visitor's time zone (America/Toronto)");
    await expect(dialog).toHaveTextContent(/9:30\s?AM/);
    await expect(dialog).toHaveTextContent(/6:30\s?PM/);
  },
};
export const DemoBookingArabic: Story = {};
export const SalesLead: Story = { args: { lead: sampleLeads[1]! } };
export const SalesLeadEnglish: Story = { globals: { locale: "en" }, args: { lead: sampleLeads[1]! } };
export const Newsletter: Story = { globals: { locale: "en" }, args: { lead: sampleLeads[2]! } };
