import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { MailAdmin } from "@/features/admin-mail/components/mail-admin";
import { sampleOutbox, sampleSubscribers } from "./fixtures";

const meta = {
  title: "Admin/Mail/MailAdmin",
  component: MailAdmin,
  args: {
    status: "ready",
    outbox: sampleOutbox,
    subscribers: sampleSubscribers,
    retrying: null,
    onOpen: fn(),
    onRetry: fn(),
    onReload: fn(),
    onExport: fn(),
    onErase: fn(async () => ({ submissions: 2, subscribers: 1, messages: 4 })),
  },
  parameters: { route: "/admin/mail" },
} satisfies Meta<typeof MailAdmin>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("1 message is waiting to be sent")).toBeInTheDocument();
    await expect(c.getByText("1 delivery failed")).toBeInTheDocument();
    await expect(c.getByText("451 4.3.0 Mailbox temporarily unavailable")).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: "Send again" }));
    await expect(args.onRetry).toHaveBeenCalledWith("m2");
  },
};

export const Loading: Story = { args: { status: "loading", outbox: [], subscribers: [] } };
export const Failed: Story = { globals: { locale: "en" }, args: { status: "failed", outbox: [], subscribers: [] } };
export const Empty: Story = { globals: { locale: "en" }, args: { outbox: [], subscribers: [] } };
export const EmptyArabic: Story = { args: { outbox: [], subscribers: [] } };
export const Retrying: Story = { globals: { locale: "en" }, args: { retrying: "m2" } };

export const Webhooks: Story = { globals: { locale: "en" }, args: { defaultTab: "webhooks" } };
export const WebhooksArabic: Story = { args: { defaultTab: "webhooks" } };

export const Subscribers: Story = {
  globals: { locale: "en" },
  args: { defaultTab: "subscribers" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Only confirmed addresses count as subscribers: 1 of 3.")).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: "Export confirmed (CSV)" }));
    await expect(args.onExport).toHaveBeenCalled();
  },
};
export const SubscribersArabic: Story = { args: { defaultTab: "subscribers" } };
export const SubscribersEmpty: Story = { globals: { locale: "en" }, args: { defaultTab: "subscribers", subscribers: [] } };

export const EraseData: Story = {
  globals: { locale: "en" },
  args: { defaultTab: "erase" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(/Email address/), "sara@marinahomes.ae");
    await userEvent.click(c.getByRole("button", { name: "Erase" }));
    await expect(c.getByText("Erase everything held about sara@marinahomes.ae? This cannot be undone.")).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: "Yes, erase everything" }));
    await expect(args.onErase).toHaveBeenCalledWith("sara@marinahomes.ae");
    await waitFor(() => expect(c.getByText("Erased the data of sara@marinahomes.ae")).toBeInTheDocument());
  },
};
export const EraseDataArabic: Story = { args: { defaultTab: "erase" } };
