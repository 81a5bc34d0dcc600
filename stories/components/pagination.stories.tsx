import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Pagination } from "@/components/pagination";

const hrefFor = (n: number) => (n > 1 ? `/blog?page=${n}` : "/blog");

const meta = {
  title: "Components/Pagination",
  component: Pagination,
  args: { page: 1, pageCount: 834, hrefFor, label: "Blog pages", summary: "Articles 1–12 of 10,000" },
  parameters: { route: "/blog" },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

/** First page: no link back, "Previous" shown disabled. */
export const FirstPage: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const nav = c.getByRole("navigation", { name: "Blog pages" });
    await expect(within(nav).queryByRole("link", { name: /Previous/ })).toBeNull();
    await expect(within(nav).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: /Next/ })).toHaveAttribute("href", "/blog?page=2");
    await expect(within(nav).getByRole("link", { name: "Page 834" })).toHaveAttribute("href", "/blog?page=834");
  },
};

/** A middle page: both neighbours, gaps to the first and the last. */
export const MiddlePage: Story = {
  globals: { locale: "en" },
  args: { page: 400, summary: "Articles 4,789–4,800 of 10,000" },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Blog pages" });
    await expect(within(nav).getByRole("link", { name: /Previous/ })).toHaveAttribute("href", "/blog?page=399");
    await expect(within(nav).getByRole("link", { name: /Next/ })).toHaveAttribute("href", "/blog?page=401");
    await expect(within(nav).getByRole("link", { name: "Page 400" })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: "Page 1" })).toHaveAttribute("href", "/blog");
    await expect(within(nav).getAllByRole("link")).toHaveLength(7);
  },
};

/** Last page: "Next" shown disabled. */
export const LastPage: Story = {
  globals: { locale: "en" },
  args: { page: 834, summary: "Articles 9,997–10,000 of 10,000" },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Blog pages" });
    await expect(within(nav).queryByRole("link", { name: /Next/ })).toBeNull();
    await expect(within(nav).getByRole("link", { name: /Previous/ })).toHaveAttribute("href", "/blog?page=833");
  },
};

/** One page: only the summary, no navigation. */
export const SinglePage: Story = {
  globals: { locale: "en" },
  args: { page: 1, pageCount: 1, summary: "Articles 1–7 of 7" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("navigation")).toBeNull();
    await expect(within(canvasElement).getByText("Articles 1–7 of 7")).toBeInTheDocument();
  },
};

/** Arabic, right to left: the arrows are mirrored, "السابق" sits on the right. */
export const FirstPageArabic: Story = {
  globals: { locale: "ar" },
  args: { label: "صفحات المدونة", summary: "المقالات 1–12 من أصل 10,000" },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "صفحات المدونة" });
    await expect(within(nav).getByRole("link", { name: /التالي/ })).toHaveAttribute("href", "/blog?page=2");
  },
};
export const MiddlePageArabic: Story = {
  globals: { locale: "ar" },
  args: { page: 400, label: "صفحات المدونة", summary: "المقالات 4,789–4,800 من أصل 10,000" },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "صفحات المدونة" });
    await expect(within(nav).getByRole("link", { name: "الصفحة 400" })).toHaveAttribute("aria-current", "page");
    const prev = within(nav).getByRole("link", { name: /السابق/ });
    const next = within(nav).getByRole("link", { name: /التالي/ });
    // Right to left: the previous page is to the right of the next one.
    await expect(prev.getBoundingClientRect().left).toBeGreaterThan(next.getBoundingClientRect().left);
  },
};
export const LastPageArabic: Story = { globals: { locale: "ar" }, args: { page: 834, label: "صفحات المدونة" } };
export const SinglePageArabic: Story = { globals: { locale: "ar" }, args: { page: 1, pageCount: 1, summary: "المقالات 1–7 من أصل 7" } };
