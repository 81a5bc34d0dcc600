import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Footer, NewsletterFormView } from "@/components/layout/footer";

const meta = {
  title: "Layout/Footer",
  component: Footer,
  args: { onDemoClick: fn(), year: 2026 },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Arabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: /المدونة/ })).toHaveAttribute("href", "/blog");
    await expect(c.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("target", "_blank");
    await expect(c.getByText(/2026/)).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: /احجز عرضًا تجريبيًا/ }));
    await expect(args.onDemoClick).toHaveBeenCalled();
  },
};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/en/blog");
    await expect(c.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/en/privacy-policy");
  },
};

export const NewsletterSubmitting: Story = {
  globals: { locale: "en" },
  args: { newsletter: <NewsletterFormView submitting /> },
};

export const NewsletterError: Story = {
  globals: { locale: "ar" },
  args: { newsletter: <NewsletterFormView error="يرجى إدخال بريد إلكتروني صالح" /> },
};
