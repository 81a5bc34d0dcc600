import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DeletePostDialog } from "@/features/admin-posts/components/delete-post-dialog";

const meta = {
  title: "Admin/Posts/DeletePostDialog",
  component: DeletePostDialog,
  args: { title: "Dubai market trends for 2026", onCancel: fn(), onConfirm: fn() },
  parameters: { route: "/admin/posts" },
} satisfies Meta<typeof DeletePostDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ args }) => {
    const body = within(document.body);
    const dialog = await body.findByRole("alertdialog");
    await expect(dialog).toHaveTextContent('Are you sure you want to delete "Dubai market trends for 2026"? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await expect(args.onConfirm).toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(args.onCancel).toHaveBeenCalled());
  },
};

export const Deleting: Story = { globals: { locale: "en" }, args: { deleting: true } };
