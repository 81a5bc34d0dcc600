import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button, Input } from "@chakra-ui/react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { FormDialog } from "@/components/feedback/form-dialog";
import { FieldFrame } from "@/components/forms/fields";
import { translator } from "../../support/i18n";

/**
 * The shared dialog that holds a form, with the labels of the team's invitation dialog in the
 * story's language: Arabic right to left, English left to right.
 */
const meta = {
  title: "Components/Feedback/FormDialog",
  component: FormDialog,
  args: {
    open: true,
    title: "",
    cancelLabel: "",
    submitLabel: "",
    children: null,
    onClose: fn(),
    onSubmit: fn((e: { preventDefault: () => void }) => e.preventDefault()),
  },
  render: (args, context) => {
    const t = translator(context);
    return (
      <FormDialog
        {...args}
        title={t(msg`Invite a team member`)}
        description={
          args.description ? t(msg`They receive an email with a link to choose a password. The link works once, for 72 hours.`) : undefined
        }
        cancelLabel={t(msg`Cancel`)}
        submitLabel={t(msg`Send the invitation`)}
        submittingLabel={t(msg`Sending…`)}
      >
        <FieldFrame label={t(msg`Email`)} required>
          <Input type="email" dir="ltr" name="email" />
        </FieldFrame>
      </FormDialog>
    );
  },
  parameters: { route: "/admin/team" },
} satisfies Meta<typeof FormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Named by its title, with a description; the submit button submits the form, Escape closes. */
export const Open: Story = {
  args: { description: "yes" },
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog", { name: t(msg`Invite a team member`) });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Send the invitation`) }));
    await expect(args.onSubmit).toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** Submitting while locked: the submit button says so, Cancel waits and Escape does nothing. */
export const SubmittingLocked: Story = {
  args: { submitting: true, locked: true },
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog");
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByRole("button", { name: t(msg`Cancel`) })).toBeDisabled();
    await expect(within(dialog).getByRole("button", { name: t(msg`Sending…`) })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** An extra action at the footer's start (the link dialog's Remove link). */
export const WithExtraAction: Story = {
  render: (args, context) => {
    const t = translator(context);
    return (
      <FormDialog
        {...args}
        title={t(msg`Edit link`)}
        cancelLabel={t(msg`Cancel`)}
        submitLabel={t(msg`Apply`)}
        extraAction={
          <Button type="button" variant="ghost" colorPalette="red" me="auto">
            {t(msg`Remove link`)}
          </Button>
        }
      >
        <FieldFrame label={t(msg`Address`)} required>
          <Input dir="ltr" name="url" />
        </FieldFrame>
      </FormDialog>
    );
  },
  play: async (context) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog", { name: t(msg`Edit link`) });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByRole("button", { name: t(msg`Remove link`) })).toBeInTheDocument();
  },
};

export const Closed: Story = { args: { open: false } };
