import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RouteError } from "@/components/layout/route-error";

const meta = {
  title: "Layout/RouteError",
  component: RouteError,
  args: { what: "blog", onRetry: fn() },
} satisfies Meta<typeof RouteError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The blog's data request failed (a dropped connection during navigation). */
export const BlogArabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("تعذّر تحميل المقالات");
    await userEvent.click(c.getByRole("button", { name: "حاول مرة أخرى" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const BlogEnglish: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Failed to load blog posts");
    await expect(c.getByRole("alert")).toHaveTextContent("Please try again later.");
  },
};

export const PageArabic: Story = { globals: { locale: "ar" }, args: { what: "page" } };
export const ArticleEnglish: Story = { globals: { locale: "en" }, args: { what: "article" } };
export const RetryingEnglish: Story = { globals: { locale: "en" }, args: { retrying: true } };
