import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button, Dialog, Text } from "@chakra-ui/react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DialogFooter } from "@/components/feedback/dialog-footer";
import { DialogFrame } from "@/components/feedback/dialog-frame";
import { translator } from "../../support/i18n";

/**
 * A dialog's footer: Cancel (closing through the dialog), then the dialog's own action (the staff
 * clock's Save here), in the story's language: Arabic right to left, English left to right.
 */
interface FooterArgs {
  /** The dialog's action after the close button. */
  withAction?: boolean;
  closeDisabled?: boolean;
  onOpenChange: (e: { open: boolean }) => void;
}

const meta = {
  title: "Components/Feedback/DialogFooter",
  args: { onOpenChange: fn() },
  render: ({ withAction, closeDisabled, onOpenChange }, context) => {
    const t = translator(context);
    return (
      <Dialog.Root open onOpenChange={onOpenChange}>
        <DialogFrame>
          <Dialog.Header>
            <Dialog.Title>{t(msg`Your clock`)}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Text>{t(msg`Your clock could not be saved. Please try again.`)}</Text>
          </Dialog.Body>
          <DialogFooter closeLabel={t(msg`Cancel`)} closeDisabled={closeDisabled}>
            {withAction ? (
              <Button colorPalette="brand" loading={closeDisabled} loadingText={t(msg`Saving…`)}>
                {t(msg`Save`)}
              </Button>
            ) : null}
          </DialogFooter>
        </DialogFrame>
      </Dialog.Root>
    );
  },
  parameters: { route: "/admin" },
} satisfies Meta<FooterArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async (context: Parameters<NonNullable<Story["play"]>>[0]) => {
  const found = await within(document.body).findByRole("dialog", { name: translator(context)(msg`Your clock`) });
  await waitFor(() => expect(found).toBeVisible());
  return found;
};

/** Only the close button: it closes the dialog through its onOpenChange. */
export const CloseOnly: Story = {
  play: async (context) => {
    const t = translator(context);
    const footer = within(await dialog(context));
    await expect(footer.getAllByRole("button").map((b) => b.textContent)).not.toContain(t(msg`Save`));
    await userEvent.click(footer.getByRole("button", { name: t(msg`Cancel`) }));
    await expect(context.args.onOpenChange).toHaveBeenCalledWith(expect.objectContaining({ open: false }));
  },
};

/** With the dialog's action after the close button (at the end of the line in either direction). */
export const WithAction: Story = {
  args: { withAction: true },
  play: async (context) => {
    const t = translator(context);
    const buttons = within(await dialog(context)).getAllByRole("button", { name: /./ });
    const names = buttons.map((b) => b.textContent);
    await expect(names.indexOf(t(msg`Cancel`))).toBeLessThan(names.indexOf(t(msg`Save`)));
  },
};

/** While the action runs: the close button is disabled and the action says it is saving. */
export const Saving: Story = {
  args: { withAction: true, closeDisabled: true },
  play: async (context) => {
    const t = translator(context);
    const footer = within(await dialog(context));
    await expect(footer.getByRole("button", { name: t(msg`Cancel`) })).toBeDisabled();
    await expect(context.args.onOpenChange).not.toHaveBeenCalled();
  },
};
