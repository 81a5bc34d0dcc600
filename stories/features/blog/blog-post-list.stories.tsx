import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
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
