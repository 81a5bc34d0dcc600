import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { UnsavedChangesDialog } from "@/features/admin-posts/components/unsaved-changes-dialog";
import { translator } from "../../support/i18n";

const meta = {
  title: "Admin/Posts/UnsavedChangesDialog",
  component: UnsavedChangesDialog,
  args: { open: true, onStay: fn(), onLeave: fn() },
} satisfies Meta<typeof UnsavedChangesDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

/** Leave discards the changes. */
export const Leave: Story = {
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("alertdialog", { name: t(msg`Leave without saving?`) });
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Leave`) }));
    await expect(args.onLeave).toHaveBeenCalled();
  },
};
