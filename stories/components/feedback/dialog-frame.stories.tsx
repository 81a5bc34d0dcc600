import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button, Dialog, Field, Input, Text, chakra } from "@chakra-ui/react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DialogFrame } from "@/components/feedback/dialog-frame";
import { translator } from "../../support/i18n";

/**
 * A dialog's window over its backdrop, as the admin's dialogs open it (the staff clock's messages here),
 * in the story's language: Arabic right to left, English left to right.
 */
const meta = {
  title: "Components/Feedback/DialogFrame",
  component: DialogFrame,
  render: (args, context) => {
    const t = translator(context);
    return (
      <Dialog.Root open>
        <DialogFrame {...args}>
          <Dialog.Header>
            <Dialog.Title>{t(msg`Your clock`)}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Text>
              {t(
                msg`Every date and time in the admin is shown on this clock, with its zone; times of a market also show the market's clock.`,
              )}
            </Text>
          </Dialog.Body>
          <Dialog.Footer>
            <Button colorPalette="brand">{t(msg`Save`)}</Button>
          </Dialog.Footer>
        </DialogFrame>
      </Dialog.Root>
    );
  },
  parameters: { route: "/admin" },
} satisfies Meta<typeof DialogFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open: a dialog named by its title, in the page's direction, its content passed through. */
export const Open: Story = {
  args: { "data-testid": "clock-dialog" } as Story["args"],
  play: async (context) => {
    const dialog = await within(document.body).findByRole("dialog", { name: translator(context)(msg`Your clock`) });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(dialog).toHaveAttribute("data-testid", "clock-dialog");
  },
};

const onSave = fn();

/**
 * Holding a form (the staff clock): the window is the dialog and the form is inside it, around header,
 * body and footer, so Enter in a field submits and the field keeps its label.
 */
export const HoldingAForm: Story = {
  render: (args, context) => {
    const t = translator(context);
    return (
      <Dialog.Root open>
        <DialogFrame {...args}>
          <chakra.form
            onSubmit={(e) => {
              e.preventDefault();
              onSave(new FormData(e.currentTarget).get("zone"));
            }}
          >
            <Dialog.Header>
              <Dialog.Title>{t(msg`Your clock`)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root>
                <Field.Label>{t(msg`Time zone`)}</Field.Label>
                <Input name="zone" dir="ltr" defaultValue="Asia/Dubai" />
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button type="submit" colorPalette="brand">
                {t(msg`Save`)}
              </Button>
            </Dialog.Footer>
          </chakra.form>
        </DialogFrame>
      </Dialog.Root>
    );
  },
  play: async (context) => {
    const t = translator(context);
    onSave.mockClear();
    const dialog = await within(document.body).findByRole("dialog", { name: t(msg`Your clock`) });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(dialog.tagName).not.toBe("FORM");
    await expect(dialog.querySelector("form")).not.toBeNull();
    const field = within(dialog).getByRole("textbox", { name: t(msg`Time zone`) });
    await userEvent.clear(field);
    await userEvent.type(field, "America/Toronto{Enter}");
    await expect(onSave).toHaveBeenCalledWith("America/Toronto");
  },
};
