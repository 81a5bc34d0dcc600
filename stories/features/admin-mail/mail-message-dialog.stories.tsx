import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { MailMessageDialog } from "@/features/admin-mail/components/mail-message-dialog";
import { translator } from "../../support/i18n";
import { sampleAttempts, sampleOutbox } from "./fixtures";

const meta = {
  title: "Admin/Mail/MailMessageDialog",
  component: MailMessageDialog,
  args: { entry: sampleOutbox[0]!, attempts: [], onClose: fn(), onRetry: fn() },
  parameters: { route: "/admin/mail" },
} satisfies Meta<typeof MailMessageDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sent: Story = {};
export const Failed: Story = {
  args: { entry: sampleOutbox[1]! },
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog");
    await expect(within(dialog).getByText("451 4.3.0 Mailbox temporarily unavailable")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Send again`) }));
    await expect(args.onRetry).toHaveBeenCalledWith("m2");
  },
};
/** Waiting because mail is not configured: the worker's reason in the admin's language, SMTP_URL as it is. */
export const Waiting: Story = {
  args: { entry: sampleOutbox[2]! },
  play: async (context) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog");
    await expect(within(dialog).getByText(t(msg`Waiting: mail is not configured (SMTP_URL)`))).toBeInTheDocument();
    await expect(within(dialog).getByText(/SMTP_URL/)).toBeInTheDocument();
  },
};
export const LoadingLog: Story = { args: { entry: sampleOutbox[2]!, attempts: null } };
export const WebhookDeliveryLog: Story = { args: { entry: sampleOutbox[3]!, attempts: sampleAttempts } };
