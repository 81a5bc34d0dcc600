import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PostsTable } from "@/features/admin-posts/components/posts-table";
import { samplePosts } from "./fixtures";

const meta = {
  title: "Admin/Posts/PostsTable",
  component: PostsTable,
  args: { status: "ready", posts: samplePosts, hasAny: true, search: "", onSearchChange: fn(), onDelete: fn(), onRetry: fn() },
  parameters: { route: "/admin/posts" },
} satisfies Meta<typeof PostsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "View live: Dubai market trends for 2026" })).toHaveAttribute("href", "/en/blog/dubai-market-trends-2026");
    // drafts have no live link
    await expect(c.queryByRole("link", { name: /View live: أتمتة/ })).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Delete: Converting Toronto condo leads" }));
    await expect(args.onDelete).toHaveBeenCalledWith(samplePosts[2]);
    await userEvent.type(c.getByRole("searchbox", { name: "Search posts" }), "x");
    await expect(args.onSearchChange).toHaveBeenCalled();
  },
};

export const Loading: Story = { args: { status: "loading", posts: [] } };
export const Failed: Story = { globals: { locale: "en" }, args: { status: "failed", posts: [] } };
export const Empty: Story = {
  globals: { locale: "en" },
  args: { posts: [], hasAny: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("No posts yet.")).toBeInTheDocument();
    await expect(c.getByRole("link", { name: "Create your first post" })).toHaveAttribute("href", "/en/admin/posts/new");
  },
};
export const EmptyArabic: Story = { args: { posts: [], hasAny: false } };
export const NoMatches: Story = { globals: { locale: "en" }, args: { posts: [], hasAny: true, search: "zzz" } };
