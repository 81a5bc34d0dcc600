import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DeletePostDialog } from "@/features/admin-posts/components/delete-post-dialog";
import { translator } from "../../support/i18n";

const meta = {
  title: "Admin/Posts/DeletePostDialog",
  component: DeletePostDialog,
  args: { title: "Dubai market trends for 2026", onCancel: fn(), onConfirm: fn() },
  parameters: { route: "/admin/posts" },
} satisfies Meta<typeof DeletePostDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

/** The post is named in the question; Delete confirms, Escape cancels. */
export const ConfirmAndCancel: Story = {
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("alertdialog");
    await waitFor(() => expect(dialog).toBeVisible());
    const postTitle = args.title ?? "";
    await expect(dialog).toHaveTextContent(t(msg`Are you sure you want to delete "${postTitle}"? This action cannot be undone.`));
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Delete`) }));
    await expect(args.onConfirm).toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(args.onCancel).toHaveBeenCalled());
  },
};

export const Deleting: Story = { args: { deleting: true } };
