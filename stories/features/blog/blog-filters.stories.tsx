import { Box } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { BlogFilters } from "@/features/blog/components/blog-filters";
import { defaultBlogQuery } from "@/features/blog/lib/blog-query";
import { translator } from "../../support/i18n";

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

/** Chips are links to the URL query; the current ones carry aria-current. Typing searches (debounced). */
export const Filtered: Story = {
  args: { query: { q: "dubai", filter: "popular", country: "UAE" }, action: "/en/blog" },
  globals: { locale: "en" },
  parameters: { route: "/blog?q=dubai&filter=popular&country=UAE" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const sort = within(c.getByRole("group", { name: "Sort and filter" }));
    const country = within(c.getByRole("group", { name: "Country" }));
    await expect(sort.getByRole("link", { name: "Most Popular" })).toHaveAttribute("aria-current", "true");
    await expect(sort.getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current");
    await expect(sort.getByRole("link", { name: "All" })).toHaveAttribute("href", "/en/blog?q=dubai&country=UAE");
    await expect(country.getByRole("link", { name: "UAE" })).toHaveAttribute("aria-current", "true");
    await expect(country.getByRole("link", { name: "Canada" })).toHaveAttribute("href", "/en/blog?q=dubai&filter=popular&country=Canada");
    const box = c.getByRole("searchbox", { name: "Search articles" });
    await expect(box).toHaveValue("dubai");
    await userEvent.clear(box);
    await userEvent.type(box, "marina");
    await waitFor(() => expect(args.onSearch).toHaveBeenLastCalledWith("marina"));
  },
};
