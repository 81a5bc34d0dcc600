import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Dashboard } from "@/features/admin-posts/components/dashboard";
import { localizePath } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";
import { samplePosts } from "./fixtures";

const meta = {
  title: "Admin/Posts/Dashboard",
  component: Dashboard,
  args: {
    email: "admin@example.com",
    counts: { total: 4, published: 2, scheduled: 1, drafts: 1 },
    recent: samplePosts,
  },
  parameters: { route: "/admin" },
} satisfies Meta<typeof Dashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The welcome line names the signed-in user; the links lead to the admin in the page's language. */
export const Links: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    await expect(c.getByText(args.email)).toBeInTheDocument();
    await expect(c.getByRole("link", { name: t(msg`Manage Posts`) })).toHaveAttribute("href", localizePath("/admin/posts", locale));
    const postTitle = samplePosts[0]!.title;
    await expect(c.getByRole("link", { name: t(msg`Edit "${postTitle}"`) })).toHaveAttribute(
      "href",
      localizePath("/admin/posts/p1/edit", locale),
    );
  },
};

/** Published counts only posts live now; scheduled posts have their own card. */
export const Counts: Story = {
  args: { counts: { total: 9, published: 5, scheduled: 3, drafts: 1 } },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const card = (label: string) => c.getByText(label, { exact: true }).parentElement!;
    await expect(card(t(msg`Total Posts`))).toHaveTextContent("9");
    await expect(card(t(msg`Live now`))).toHaveTextContent("5");
    await expect(card(t(msg`Scheduled to go live`))).toHaveTextContent("3");
    await expect(card(t(msg`Drafts`))).toHaveTextContent("1");
  },
};

export const Loading: Story = { args: { counts: null, recent: null } };

export const Empty: Story = { args: { counts: { total: 0, published: 0, scheduled: 0, drafts: 0 }, recent: [] } };

export const Failed: Story = { args: { counts: null, recent: [], failed: true } };
