import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { NewslettersAdmin } from "@/features/admin-newsletters/components/newsletters-admin";
import { translator } from "../../support/i18n";
import { sampleIssues } from "./fixtures";

const meta = {
  title: "Admin/Newsletters/NewslettersAdmin",
  component: NewslettersAdmin,
  args: { status: "ready", issues: sampleIssues, onNew: fn(), onOpen: fn(), onReload: fn() },
  parameters: { route: "/admin/newsletters" },
} satisfies Meta<typeof NewslettersAdmin>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every issue with its status and figures; an issue opens from its row, a new one from the header. */
export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const table = c.getByTestId("newsletter-issues");
    // Figures of the sent issue: recipients, delivered, failed, unsubscribed after it (Western digits).
    for (const figure of ["1,240", "1,236", "4", "7"]) await expect(within(table).getAllByText(figure).length).toBeGreaterThan(0);
    const subject = sampleIssues[1]!.subject;
    await userEvent.click(c.getByRole("button", { name: t(msg`Open ${subject}`) }));
    await expect(args.onOpen).toHaveBeenCalledWith(sampleIssues[1]!.id);
    await userEvent.click(c.getByRole("button", { name: t(msg`New issue`) }));
    await expect(args.onNew).toHaveBeenCalled();
  },
};

export const Loading: Story = { args: { status: "loading", issues: [] } };
export const Failed: Story = { args: { status: "failed", issues: [] } };
export const Empty: Story = { args: { issues: [] } };
