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
    // The title is isolated (U+2068…U+2069) inside the sentence.
    const postTitle = `\u2068${args.title ?? ""}\u2069`;
    await expect(dialog).toHaveTextContent(t(msg`Are you sure you want to delete "${postTitle}"? This action cannot be undone.`));
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Delete`) }));
    await expect(args.onConfirm).toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(args.onCancel).toHaveBeenCalled());
  },
};

export const Deleting: Story = { args: { deleting: true } };

/** An Arabic title with brackets in the English question: isolated, so "(2027)" stays where the title puts it. */
export const ArabicTitleWithBrackets: Story = {
  args: { title: "سوق تورونتو (2027): ما الجديد؟" },
  play: async () => {
    const dialog = await within(document.body).findByRole("alertdialog");
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(dialog.textContent).toContain("\u2068سوق تورونتو (2027): ما الجديد؟\u2069");
  },
};
