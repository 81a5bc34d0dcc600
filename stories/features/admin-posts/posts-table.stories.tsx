import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { ListPaging } from "@/components/data/paged-list-card";
import { PostsTable } from "@/features/admin-posts/components/posts-table";
import { defaultPostsQuery } from "@/features/admin-posts/schemas/posts-query";
import { onMobile } from "../../../.storybook/modes";
import { translator } from "../../support/i18n";
import { STORY_NOW, samplePosts, sampleTranslations } from "./fixtures";

const meta = {
  title: "Admin/Posts/PostsTable",
  component: PostsTable,
  args: {
    status: "ready",
    posts: samplePosts,
    translations: sampleTranslations,
    query: defaultPostsQuery,
    paging: {
      total: samplePosts.length,
      page: 1,
      pageCount: 1,
      pageSize: 50,
      hrefFor: (page: number) => `/admin/posts?page=${page}`,
      onPageChange: fn(),
    },
    now: STORY_NOW,
    onSearchChange: fn(),
    onFiltersChange: fn(),
    onDelete: fn(),
    onRetry: fn(),
  },
  parameters: { route: "/admin/posts" },
} satisfies Meta<typeof PostsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The default paging with some of it changed. */
const paging = (changes: Partial<ListPaging>): ListPaging => ({ ...meta.args.paging, ...changes });

/** Every column: language, translation (linked or missing), and the three statuses. */
export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const rows = c.getAllByTestId("post-row");
    // The scheduled Arabic post and its English translation link to each other's editor.
    await expect(within(rows[3]!).getByText(t(msg`Scheduled`))).toBeInTheDocument();
    await expect(within(rows[2]!).getByRole("link", { name: t(msg`Arabic`) })).toHaveAttribute(
      "href",
      expect.stringMatching(/\/admin\/posts\/p4\/edit$/),
    );
    await expect(within(rows[1]!).getByText(t(msg`Not translated`))).toBeInTheDocument();
    // A scheduled post has no live link yet; the English post's live link is under /en whatever the admin's language.
    let postTitle = samplePosts[3]!.title;
    await expect(c.queryByRole("link", { name: t(msg`View live: ${postTitle}`) })).toBeNull();
    postTitle = samplePosts[0]!.title;
    await expect(c.getByRole("link", { name: t(msg`View live: ${postTitle}`) })).toHaveAttribute(
      "href",
      "/en/blog/dubai-market-trends-2026",
    );
    await userEvent.selectOptions(c.getByRole("combobox", { name: t(msg`Status`) }), "scheduled");
    await expect(args.onFiltersChange).toHaveBeenCalledWith({ status: "scheduled" });
    await userEvent.selectOptions(c.getByRole("combobox", { name: t(msg`Language`) }), "en");
    await expect(args.onFiltersChange).toHaveBeenCalledWith({ language: "en" });
    await userEvent.selectOptions(c.getByRole("combobox", { name: t(msg`Sort by`) }), "title");
    await expect(args.onFiltersChange).toHaveBeenCalledWith({ sort: "title" });
    await userEvent.type(c.getByRole("searchbox", { name: t(msg`Search posts`) }), "ك");
    await expect(args.onSearchChange).toHaveBeenCalledWith("ك");
  },
};

export const Deleting: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const postTitle = samplePosts[2]!.title;
    await userEvent.click(within(canvasElement).getByRole("button", { name: t(msg`Delete: ${postTitle}`) }));
    await expect(args.onDelete).toHaveBeenCalledWith(samplePosts[2]);
  },
};

/** Filtered to Canada (`كندا`) and scheduled posts, page 2 of 3. */
export const Filtered: Story = {
  args: {
    posts: [samplePosts[3]!],
    paging: paging({ total: 101, page: 2, pageCount: 3 }),
    query: { search: "كندا", status: "scheduled", language: "ar", sort: "title", page: 2 },
  },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("searchbox", { name: t(msg`Search posts`) })).toHaveValue("كندا");
    await expect(c.getByRole("combobox", { name: t(msg`Status`) })).toHaveValue("scheduled");
    await expect(c.getByRole("navigation", { name: t(msg`Post pages`) })).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { status: "loading", posts: [] } };
export const Failed: Story = { args: { status: "failed", posts: [] } };
export const Empty: Story = {
  args: { posts: [], paging: paging({ total: 0 }) },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`No posts yet.`))).toBeInTheDocument();
    await expect(c.getByRole("link", { name: t(msg`Create your first post`) })).toHaveAttribute(
      "href",
      expect.stringMatching(/\/admin\/posts\/new$/),
    );
  },
};
export const NoMatches: Story = {
  args: { posts: [], paging: paging({ total: 0 }), query: { ...defaultPostsQuery, search: "zzz" } },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(msg`No posts match your search.`))).toBeInTheDocument();
  },
};

/** A 390 px phone: title, status and actions stay visible; the other columns fold under the title. */
export const Phone: Story = {
  globals: onMobile,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const postTitle = samplePosts[2]!.title;
    await expect(c.getByText(postTitle)).toBeVisible();
    await expect(c.getByRole("link", { name: t(msg`Edit: ${postTitle}`) })).toBeVisible();
    await expect(c.getByRole("button", { name: t(msg`Delete: ${postTitle}`) })).toBeVisible();
    await expect(c.getByRole("columnheader", { name: t(msg`Status`) })).toBeVisible();
    await expect(c.queryByRole("columnheader", { name: t(msg`Category`) })).toBeNull();
    // Nothing is cut off: the table fits the phone's width.
    const table = c.getByTestId("posts-table");
    await expect(table.getBoundingClientRect().width).toBeLessThanOrEqual(canvasElement.ownerDocument.documentElement.clientWidth);
  },
};
