import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { MyLeadsView } from "@/features/admin-leads/components/my-leads-card";
import { translator } from "../../support/i18n";
import { sampleOwners } from "./fixtures";

const me = sampleOwners[1]!.user_id;

const meta = {
  title: "Admin/Leads/MyLeadsCard",
  component: MyLeadsView,
  args: { userId: me, data: { all: 14, fresh: 3, overdue: 2 } },
  parameters: { layout: "padded", route: "/admin" },
} satisfies Meta<typeof MyLeadsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A sales person's home: their overdue, new and all leads, each opening the inbox filtered to them. */
export const Counts: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const prefix = context.globals.locale === "en" ? "/en" : "";
    const overdue = c.getByRole("link", { name: new RegExp(t(msg`Overdue`)) });
    await expect(overdue).toHaveAttribute("href", `${prefix}/admin/leads?owner=${me}&overdue=1`);
    await expect(overdue).toHaveTextContent("2");
    await expect(c.getByRole("link", { name: new RegExp(t(msg`New, waiting for you`)) })).toHaveAttribute(
      "href",
      `${prefix}/admin/leads?status=new&owner=${me}`,
    );
    await expect(c.getByRole("link", { name: new RegExp(t(msg`All my leads`)) })).toHaveTextContent("14");
  },
};
/** Nothing waiting: the overdue figure is not red. */
export const AllClear: Story = { args: { data: { all: 5, fresh: 0, overdue: 0 } } };
export const Loading: Story = { args: { data: null } };
export const Failed: Story = { args: { data: null, failed: true } };
