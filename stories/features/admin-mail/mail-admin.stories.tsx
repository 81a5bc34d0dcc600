import { msg, plural } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { MailAdmin } from "@/features/admin-mail/components/mail-admin";
import { onMobile } from "../../../.storybook/modes";
import { startingWith, translator } from "../../support/i18n";
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

/** The counts of waiting and failed messages; a failed one is sent again from its row. */
export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const waiting = 1;
    const failed = 1;
    await expect(
      c.getByText(t(msg`${plural(waiting, { one: "# message is waiting to be sent", other: "# messages are waiting to be sent" })}`)),
    ).toBeInTheDocument();
    await expect(c.getByText(t(msg`${plural(failed, { one: "# delivery failed", other: "# deliveries failed" })}`))).toBeInTheDocument();
    await expect(c.getByText("451 4.3.0 Mailbox temporarily unavailable")).toBeInTheDocument();
    // The worker's own reason is shown in the admin's language (SMTP_URL stays as it is); an SMTP answer as received.
    const reason = c.getByText(t(msg`Waiting: mail is not configured (SMTP_URL)`));
    await expect(reason).toHaveTextContent(/SMTP_URL/);
    await userEvent.click(c.getByRole("button", { name: t(msg`Send again`) }));
    await expect(args.onRetry).toHaveBeenCalledWith("m2");
  },
};

export const Loading: Story = { args: { status: "loading", outbox: [], subscribers: [] } };
export const Failed: Story = { args: { status: "failed", outbox: [], subscribers: [] } };
export const Empty: Story = { args: { outbox: [], subscribers: [] } };
export const Retrying: Story = { args: { retrying: "m2" } };

export const Webhooks: Story = { args: { defaultTab: "webhooks" } };

export const Subscribers: Story = {
  args: { defaultTab: "subscribers" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const confirmed = 1;
    const rows = args.subscribers;
    await expect(c.getByText(t(msg`Only confirmed addresses count as subscribers: ${confirmed} of ${rows.length}.`))).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: t(msg`Export confirmed (CSV)`) }));
    await expect(args.onExport).toHaveBeenCalled();
  },
};
export const SubscribersEmpty: Story = { args: { defaultTab: "subscribers", subscribers: [] } };

export const EraseData: Story = {
  args: { defaultTab: "erase" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const email = "sara@marinahomes.ae";
    await userEvent.type(c.getByLabelText(startingWith(t(msg`Email address`))), email);
    await userEvent.click(c.getByRole("button", { name: t(msg`Erase`) }));
    await expect(c.getByText(t(msg`Erase everything held about ${email.trim()}? This cannot be undone.`))).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: t(msg`Yes, erase everything`) }));
    await expect(args.onErase).toHaveBeenCalledWith(email);
    const result = { email };
    await waitFor(() => expect(c.getByText(t(msg`Erased the data of ${result.email}`))).toBeInTheDocument());
  },
};

/**
 * A 390 px phone: the messages are cards (nothing scrolls sideways), the tabs wrap with each count as a
 * badge beside its label (never over it), and the buttons are 44 px touch targets.
 */
export const Phone: Story = {
  globals: onMobile,
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
    const cards = c.getByTestId("mail-cards");
    await expect(cards).toBeVisible();
    await expect(cards.querySelectorAll("li")).toHaveLength(sampleOutbox.filter((m) => m.channel === "email").length);
    for (const li of cards.querySelectorAll("li")) await expect(li.getBoundingClientRect().right).toBeLessThanOrEqual(doc.clientWidth);
    // Each tab's label and its count do not overlap, and no tab leaves the screen.
    for (const tab of within(c.getByTestId("mail-tabs")).getAllByRole("tab")) {
      const box = tab.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(doc.clientWidth);
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.height).toBeGreaterThanOrEqual(44);
      const badge = tab.querySelector(".chakra-badge, [class*='badge']");
      if (badge) {
        const range = canvasElement.ownerDocument.createRange();
        range.selectNodeContents(tab.firstChild!);
        const label = range.getBoundingClientRect();
        const b = badge.getBoundingClientRect();
        await expect(label.right <= b.left + 0.5 || b.right <= label.left + 0.5).toBe(true);
      }
    }
    const open = within(cards).getAllByRole("button", { name: startingWith(t(msg`Open`)) });
    for (const button of open) await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.click(open[0]!);
    await expect(args.onOpen).toHaveBeenCalled();
  },
};
