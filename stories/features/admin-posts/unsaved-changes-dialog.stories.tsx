import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { UnsavedChangesDialog } from "@/features/admin-posts/components/unsaved-changes-dialog";

const meta = {
  title: "Admin/Posts/UnsavedChangesDialog",
  component: UnsavedChangesDialog,
  args: { open: true, onStay: fn(), onLeave: fn() },
} satisfies Meta<typeof UnsavedChangesDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole("alertdialog", { name: "Leave without saving?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Leave" }));
    await expect(args.onLeave).toHaveBeenCalled();
  },
};
