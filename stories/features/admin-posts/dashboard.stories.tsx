import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Dashboard } from "@/features/admin-posts/components/dashboard";
import { samplePosts } from "./fixtures";

const meta = {
  title: "Admin/Posts/Dashboard",
  component: Dashboard,
  args: {
    email: "admin@example.com",
    counts: { total: 3, published: 2, drafts: 1 },
    recent: samplePosts,
  },
  parameters: { route: "/admin" },
} satisfies Meta<typeof Dashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Welcome,", { exact: false })).toHaveTextContent("admin@example.com");
    await expect(c.getByRole("link", { name: "Manage Posts" })).toHaveAttribute("href", "/en/admin/posts");
    await expect(c.getByRole("link", { name: 'Edit "Dubai market trends for 2026"' })).toHaveAttribute("href", "/en/admin/posts/p1/edit");
  },
};

export const Loading: Story = { args: { counts: null, recent: null } };

export const Empty: Story = { args: { counts: { total: 0, published: 0, drafts: 0 }, recent: [] } };

export const Failed: Story = { globals: { locale: "en" }, args: { counts: null, recent: [], failed: true } };
