import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Pagination } from "@/components/pagination";
import { BlogPostList } from "@/features/blog/components/blog-post-list";
import { samplePosts } from "./fixtures";
import { Container } from "@chakra-ui/react";

const meta = {
  title: "Blog/BlogPostList",
  component: BlogPostList,
  args: { state: { status: "ready", posts: samplePosts }, onRetry: fn(), retryHref: "/blog" },
  decorators: [
    (Story) => (
      <Container maxW="6xl" py="8">
        <Story />
      </Container>
    ),
  ],
} satisfies Meta<typeof BlogPostList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("article")).toHaveLength(samplePosts.length);
  },
};

export const English: Story = { globals: { locale: "en" } };

export const Loading: Story = {
  args: { state: { status: "loading" } },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...");
  },
};

export const LoadingArabic: Story = { args: { state: { status: "loading" } }, globals: { locale: "ar" } };

export const ErrorState: Story = {
  name: "Error",
  args: { state: { status: "error" } },
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Failed to load blog posts")).toBeInTheDocument();
    await expect(c.getByText("Please try again later.")).toBeInTheDocument();
    await userEvent.click(c.getByRole("link", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const ErrorArabic: Story = { args: { state: { status: "error" } }, globals: { locale: "ar" } };

export const Empty: Story = {
  args: { state: { status: "ready", posts: [] } },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No articles found matching your search criteria.")).toBeInTheDocument();
  },
};

export const EmptyArabic: Story = { args: { state: { status: "ready", posts: [] } }, globals: { locale: "ar" } };

/** A page of a long list: the cards, then the page links (as on /blog?page=2). */
export const WithPages: Story = {
  args: {
    footer: (
      <Pagination
        page={2}
        pageCount={834}
        hrefFor={(n) => (n > 1 ? `/en/blog?page=${n}` : "/en/blog")}
        label="Blog pages"
        summary="Articles 13–24 of 10,000"
      />
    ),
  },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("article")).toHaveLength(samplePosts.length);
    const nav = c.getByRole("navigation", { name: "Blog pages" });
    await expect(within(nav).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: /Previous/ })).toHaveAttribute("href", "/en/blog");
  },
};

export const WithPagesArabic: Story = {
  args: {
    footer: (
      <Pagination
        page={2}
        pageCount={834}
        hrefFor={(n) => (n > 1 ? `/blog?page=${n}` : "/blog")}
        label="صفحات المدونة"
        summary="المقالات 13–24 من أصل 10,000"
      />
    ),
  },
  globals: { locale: "ar" },
};
