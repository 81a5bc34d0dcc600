import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Field, Textarea } from "@chakra-ui/react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { ErrorAlert } from "@/components/feedback/error-alert";
import { translator } from "../../support/i18n";

/**
 * The shared confirmation, with the labels of the admin's own dialogs (the delete-post messages here)
 * in the story's language: Arabic right to left, English left to right.
 */
const meta = {
  title: "Components/Feedback/ConfirmDialog",
  component: ConfirmDialog,
  args: { open: true, title: "", description: "", cancelLabel: "", confirmLabel: "", onCancel: fn(), onConfirm: fn() },
  render: (args, context) => {
    const t = translator(context);
    const postTitle = "Dubai market trends for 2026";
    return (
      <ConfirmDialog
        {...args}
        title={t(msg`Delete post`)}
        description={t(msg`Are you sure you want to delete "${postTitle}"? This action cannot be undone.`)}
        cancelLabel={t(msg`Cancel`)}
        confirmLabel={t(msg`Delete`)}
        pendingLabel={t(msg`Deleting…`)}
      />
    );
  },
  parameters: { route: "/admin/posts" },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Destructive (the default): an alert dialog named by its title, Cancel focused first, a red confirm button. */
export const Destructive: Story = {
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("alertdialog", { name: t(msg`Delete post`) });
    await waitFor(() => expect(dialog).toBeVisible());
    await waitFor(() => expect(within(dialog).getByRole("button", { name: t(msg`Cancel`) })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Delete`) }));
    await expect(args.onConfirm).toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(args.onCancel).toHaveBeenCalled());
  },
};

/** The action runs: the confirm button says so, Cancel waits and Escape does nothing. */
export const Pending: Story = {
  args: { pending: true },
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("alertdialog");
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByRole("button", { name: t(msg`Cancel`) })).toBeDisabled();
    await expect(within(dialog).getByRole("button", { name: t(msg`Deleting…`) })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** A choice to make rather than a warning: a plain dialog with a brand-coloured confirm button, disabled until ready. */
export const ChoiceDisabled: Story = {
  args: { role: "dialog", destructive: false, confirmDisabled: true },
  play: async (context) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog");
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByRole("button", { name: t(msg`Delete`) })).toBeDisabled();
  },
};

/** More of the body under the description: a field and an error (the agenda's cancel dialog). */
export const WithFieldAndError: Story = {
  render: (args, context) => {
    const t = translator(context);
    return (
      <ConfirmDialog
        {...args}
        title={t(msg`Cancel this demo?`)}
        description={t(msg`This cannot be undone; to meet later, book a new time with the visitor.`)}
        cancelLabel={t(msg`Keep the demo`)}
        confirmLabel={t(msg`Cancel the demo`)}
        pendingLabel={t(msg`Cancelling…`)}
      >
        <Field.Root>
          <Field.Label>{t(msg`Reason (optional, not sent to the visitor)`)}</Field.Label>
          <Textarea rows={2} />
        </Field.Root>
        <ErrorAlert message={t(msg`Please try again later.`)} />
      </ConfirmDialog>
    );
  },
  play: async (context) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("alertdialog", { name: t(msg`Cancel this demo?`) });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByLabelText(t(msg`Reason (optional, not sent to the visitor)`))).toBeInTheDocument();
    await expect(within(dialog).getByRole("alert")).toHaveTextContent(t(msg`Please try again later.`));
  },
};

export const Closed: Story = { args: { open: false } };
