import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Footer } from "@/components/layout/footer";
import { NewsletterFormView } from "@/components/layout/newsletter-form-view";
import { localizePath } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";

const meta = {
  title: "Layout/Footer",
  component: Footer,
  args: { onDemoClick: fn(), year: 2026, newsletter: <NewsletterFormView /> },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Internal links (the interactive demo, the blog, contact, privacy) stay in the page's language; social links
 * open a new tab; the "Book a demo" control opens the booking dialog.
 */
export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const explore = within(c.getByRole("navigation", { name: t(msg`Footer`) }));
    await expect(explore.getAllByRole("listitem")).toHaveLength(4);
    await expect(explore.getByRole("link", { name: t(msg`Interactive demo`) })).toHaveAttribute("href", localizePath("/demo", locale));
    await expect(c.getByRole("link", { name: t(msg`Blog`) })).toHaveAttribute("href", localizePath("/blog", locale));
    await expect(c.getByRole("link", { name: t(msg`Privacy policy`) })).toHaveAttribute("href", localizePath("/privacy-policy", locale));
    await expect(c.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("target", "_blank");
    await expect(c.getByText(/2026/)).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: t(msg`Book a demo`) }));
    await expect(args.onDemoClick).toHaveBeenCalled();
  },
};

export const NewsletterSubmitting: Story = {
  args: { newsletter: <NewsletterFormView submitting /> },
};

/** The newsletter form with the schema's own error, in the story's language. */
export const NewsletterError: Story = {
  render: (args, context) => (
    <Footer {...args} newsletter={<NewsletterFormView error={translator(context)(msg`Please enter a valid email`)} />} />
  ),
};
