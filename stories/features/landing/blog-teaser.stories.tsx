import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { BlogTeaser, type TeaserPost } from "@/features/landing/components/blog-teaser";

const post = (n: number, popular: boolean, title: string, category: string): TeaserPost => ({
  id: `p${n}`,
  slug: `post-${n}`,
  title,
  excerpt:
    "What the fastest-growing brokerages changed in their first five minutes with a new lead, and what it did to their viewing rate.",
  category,
  read_time: "6 min read",
  is_popular: popular,
  published_at: `2026-11-${10 + n}T09:00:00Z`,
});
const recent = [
  post(3, false, "Dubai off-plan buyers: what they ask before a viewing", "Real Estate"),
  post(2, true, "The five-minute rule: why speed to lead decides who gets the listing", "Sales"),
  post(1, false, "Toronto condo market notes for November", "Market Analysis"),
];
const popular = [recent[1]!];

const meta = {
  title: "Features/Landing/BlogTeaser",
  component: BlogTeaser,
  args: { recent, popular },
} satisfies Meta<typeof BlogTeaser>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Arabic page, English posts: titles and excerpts keep their own direction; category and read time are in Arabic. */
export const Default: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const heading = c.getByRole("heading", { name: "Toronto condo market notes for November" });
    await expect(heading).toHaveAttribute("dir", "auto");
    await expect(getComputedStyle(heading).direction).toBe("ltr");
    await expect(canvasElement).toHaveTextContent("تحليل السوق");
    await expect(canvasElement).not.toHaveTextContent("Market Analysis");
    await expect(canvasElement).not.toHaveTextContent("min read");
  },
};

export const MostPopular: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("article")).toHaveLength(3);
    await userEvent.click(c.getByRole("button", { name: "Most Popular" }));
    await expect(c.getByRole("button", { name: "Most Popular" })).toHaveAttribute("aria-pressed", "true");
    await expect(c.getAllByRole("article")).toHaveLength(1);
    await expect(c.getByRole("link", { name: "View all articles" })).toHaveAttribute("href", "/en/blog");
  },
};

export const Empty: Story = { globals: { locale: "en" }, args: { recent: [], popular: [] } };

export const PopularEmpty: Story = { args: { popular: [], initialFilter: "popular" } };

/** The database could not be reached: the page still renders. */
export const LoadError: Story = {
  globals: { locale: "en" },
  args: { recent: null, popular: null },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Failed to load blog posts")).toBeInTheDocument();
    await expect(c.getByText("Please try again later.")).toBeInTheDocument();
  },
};
