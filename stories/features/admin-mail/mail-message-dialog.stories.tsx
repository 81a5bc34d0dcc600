import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { MailMessageDialog } from "@/features/admin-mail/components/mail-message-dialog";
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
export const SentEnglish: Story = { globals: { locale: "en" } };
export const Failed: Story = {
  globals: { locale: "en" },
  args: { entry: sampleOutbox[1]! },
  play: async ({ args }) => {
    const dialog = within(document.body).getByRole("dialog");
    await expect(within(dialog).getByText("451 4.3.0 Mailbox temporarily unavailable")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send again" }));
    await expect(args.onRetry).toHaveBeenCalledWith("m2");
  },
};
export const FailedArabic: Story = { args: { entry: sampleOutbox[1]! } };
export const Waiting: Story = { globals: { locale: "en" }, args: { entry: sampleOutbox[2]! } };
export const LoadingLog: Story = { globals: { locale: "en" }, args: { entry: sampleOutbox[2]!, attempts: null } };
export const WebhookDeliveryLog: Story = { globals: { locale: "en" }, args: { entry: sampleOutbox[3]!, attempts: sampleAttempts } };
export const WebhookDeliveryLogArabic: Story = { args: { entry: sampleOutbox[3]!, attempts: sampleAttempts } };
