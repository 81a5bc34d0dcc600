import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NewsletterLinkResult } from "@/features/newsletter/components/newsletter-link-result";

const meta = {
  title: "Features/Newsletter/NewsletterLinkResult",
  component: NewsletterLinkResult,
  args: { state: "confirmed", action: "confirm" },
  parameters: { route: "/newsletter/confirm" },
} satisfies Meta<typeof NewsletterLinkResult>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Confirmed: Story = {};
export const ConfirmedEnglish: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveFocus();
    await expect(status).toHaveTextContent("Your subscription is confirmed");
  },
};
export const Expired: Story = { args: { state: "expired" } };
export const ExpiredEnglish: Story = { globals: { locale: "en" }, args: { state: "expired" } };
export const Invalid: Story = { args: { state: "invalid" } };
export const InvalidEnglish: Story = { globals: { locale: "en" }, args: { state: "invalid" } };
export const ServerError: Story = { globals: { locale: "en" }, args: { state: "error" } };
export const AskToUnsubscribe: Story = {
  args: { state: "ask", action: "unsubscribe", formAction: "/newsletter/unsubscribe?token=example" },
  parameters: { route: "/newsletter/unsubscribe" },
};
export const AskToUnsubscribeEnglish: Story = {
  globals: { locale: "en" },
  args: { state: "ask", action: "unsubscribe", formAction: "/en/newsletter/unsubscribe?token=example" },
  parameters: { route: "/en/newsletter/unsubscribe" },
};
export const Unsubscribed: Story = { args: { state: "unsubscribed", action: "unsubscribe" } };
export const UnsubscribedEnglish: Story = { globals: { locale: "en" }, args: { state: "unsubscribed", action: "unsubscribe" } };
export const UnsubscribeExpiredEnglish: Story = { globals: { locale: "en" }, args: { state: "expired", action: "unsubscribe" } };
