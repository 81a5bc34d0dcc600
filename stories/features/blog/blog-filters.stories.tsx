import { Box } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { BlogFilters } from "@/features/blog/components/blog-filters";
import { blogQueryToSearch, defaultBlogQuery } from "@/features/blog/lib/blog-query";
import { localizePath } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";

const meta = {
  title: "Blog/BlogFilters",
  component: BlogFilters,
  args: { query: defaultBlogQuery, action: "/blog", onSearch: fn() },
  parameters: { route: "/blog" },
  decorators: [
    (Story) => (
      <Box p="6" bg="brand.subtle">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof BlogFilters>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    const t = translator(context);
    await expect(c.getByRole("searchbox", { name: t(msg`Search articles`) })).toBeInTheDocument();
    await expect(c.getByRole("group", { name: t(msg`Sort and filter`) })).toBeInTheDocument();
  },
};

/** Sample searches in the story's language. */
const searches = { ar: { q: "دبي", typed: "مارينا" }, en: { q: "dubai", typed: "marina" } };

/** Chips are links to the URL query of the page's language; the current ones carry aria-current. Typing searches (debounced). */
export const Filtered: Story = {
  args: { query: { q: "", filter: "popular", country: "UAE" } },
  parameters: { route: "/blog?filter=popular&country=UAE" },
  render: (args, context) => {
    const locale = localeOf(context);
    return <BlogFilters {...args} query={{ ...args.query, q: searches[locale].q }} action={localizePath(args.action, locale)} />;
  },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const { q, typed } = searches[locale];
    const action = localizePath("/blog", locale);
    const c = within(canvasElement);
    const sort = within(c.getByRole("group", { name: t(msg`Sort and filter`) }));
    const country = within(c.getByRole("group", { name: t(msg`Country`) }));
    await expect(sort.getByRole("link", { name: t(msg`Most Popular`) })).toHaveAttribute("aria-current", "true");
    const all = sort.getByRole("link", { name: t(msg`All`) });
    await expect(all).not.toHaveAttribute("aria-current");
    await expect(all).toHaveAttribute("href", `${action}${blogQueryToSearch({ q, filter: "all", country: "UAE" })}`);
    await expect(country.getByRole("link", { name: t(msg`UAE`) })).toHaveAttribute("aria-current", "true");
    await expect(country.getByRole("link", { name: t(msg`Canada`) })).toHaveAttribute(
      "href",
      `${action}${blogQueryToSearch({ q, filter: "popular", country: "Canada" })}`,
    );
    const box = c.getByRole("searchbox", { name: t(msg`Search articles`) });
    await expect(box).toHaveValue(q);
    await userEvent.clear(box);
    await userEvent.type(box, typed);
    await waitFor(() => expect(args.onSearch).toHaveBeenLastCalledWith(typed));
  },
};
