import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { OverdueBadge } from "@/features/admin-leads/components/overdue-badge";
import { translator } from "../../support/i18n";

const meta = {
  title: "Admin/Leads/OverdueBadge",
  component: OverdueBadge,
  parameters: { layout: "padded", route: "/admin/leads" },
} satisfies Meta<typeof OverdueBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The inbox row's and the lead dialog's mark of a lead waiting more than 24 hours; the clock is decorative. */
export const Overdue: Story = {
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(msg`Overdue`))).toBeInTheDocument();
  },
};
