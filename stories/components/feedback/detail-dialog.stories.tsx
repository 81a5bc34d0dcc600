import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge, Button, Dialog, Stack, Text } from "@chakra-ui/react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DetailDialog } from "@/components/feedback/detail-dialog";
import { translator } from "../../support/i18n";

/** The record dialog of the leads and mail screens, with their messages in the story's language. */
const meta = {
  title: "Components/Feedback/DetailDialog",
  component: DetailDialog,
  args: { open: true, onClose: fn(), header: null, closeLabel: "", closeName: "", children: null },
  render: (args, context) => {
    const t = translator(context);
    return (
      <DetailDialog
        {...args}
        header={
          <Stack gap="1">
            <Dialog.Title>{t(msg`Lead`)}</Dialog.Title>
            <Badge alignSelf="start">{t(msg`Overdue`)}</Badge>
          </Stack>
        }
        closeLabel={t(msg`Close`)}
        closeName={t(msg`Close`)}
        actions={args.actions ? <Button colorPalette="brand">{t(msg`Send again`)}</Button> : undefined}
      >
        <Text>{t(msg`Please try again later.`)}</Text>
      </DetailDialog>
    );
  },
  parameters: { route: "/admin/leads" },
} satisfies Meta<typeof DetailDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Named by its title; the footer's button and Escape close it. */
export const Open: Story = {
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog", { name: t(msg`Lead`) });
    await waitFor(() => expect(dialog).toBeVisible());
    const closes = within(dialog).getAllByRole("button", { name: t(msg`Close`) });
    await expect(closes).toHaveLength(2);
    await userEvent.click(closes[0]!);
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** With an action before the close button. */
export const WithAction: Story = {
  args: { actions: true },
  play: async (context) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog");
    await expect(within(dialog).getByRole("button", { name: t(msg`Send again`) })).toBeInTheDocument();
  },
};
