import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NewsletterLinkResult } from "@/features/newsletter/components/newsletter-link-result";
import { localizePath } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";

const meta = {
  title: "Features/Newsletter/NewsletterLinkResult",
  component: NewsletterLinkResult,
  args: { state: "confirmed", action: "confirm" },
  parameters: { route: "/newsletter/confirm" },
} satisfies Meta<typeof NewsletterLinkResult>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The result is announced: the status takes the focus. */
export const Confirmed: Story = {
  play: async ({ canvasElement, ...context }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveFocus();
    await expect(status).toHaveTextContent(translator(context)(msg`Your subscription is confirmed`));
  },
};
export const Expired: Story = { args: { state: "expired" } };
export const Invalid: Story = { args: { state: "invalid" } };
export const ServerError: Story = { args: { state: "error" } };

/** The unsubscribe page asks first; its form posts to the page of its own language. */
export const AskToUnsubscribe: Story = {
  args: { state: "ask", action: "unsubscribe", formAction: "/newsletter/unsubscribe?token=example" },
  parameters: { route: "/newsletter/unsubscribe" },
  render: (args, context) => (
    <NewsletterLinkResult {...args} formAction={args.formAction && localizePath(args.formAction, localeOf(context))} />
  ),
  play: async ({ canvasElement, ...context }) => {
    const form = within(canvasElement).getByRole("form", { name: translator(context)(msg`Unsubscribe from the newsletter`) });
    await expect(form).toHaveAttribute("action", localizePath("/newsletter/unsubscribe?token=example", localeOf(context)));
  },
};
export const Unsubscribed: Story = { args: { state: "unsubscribed", action: "unsubscribe" } };
export const UnsubscribeExpired: Story = { args: { state: "expired", action: "unsubscribe" } };
