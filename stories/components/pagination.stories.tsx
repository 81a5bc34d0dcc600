import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Pagination } from "@/components/pagination";
import { intlLocale } from "@/lib/i18n/locale";
import { containing, localeOf, translator } from "../support/i18n";

const hrefFor = (n: number) => (n > 1 ? `/blog?page=${n}` : "/blog");

type Context = Parameters<typeof translator>[0];
const PAGE_SIZE = 12;

/** The blog's own label and summary ("Articles 13–24 of 10,000", numbers in the story's language). */
const blogLabels = (context: Context, page: number, pageCount: number) => {
  const t = translator(context);
  const nf = new Intl.NumberFormat(intlLocale[localeOf(context)]);
  const total = pageCount === 1 ? 7 : 10_000;
  const from = nf.format((page - 1) * PAGE_SIZE + 1);
  const to = nf.format(Math.min(page * PAGE_SIZE, total));
  const of = nf.format(total);
  return { label: t(msg`Blog pages`), summary: t(msg`Articles ${from}–${to} of ${of}`) };
};

const names = (context: Context) => {
  const t = translator(context);
  return {
    nav: t(msg`Blog pages`),
    previous: containing(t(msg`Previous`)),
    next: containing(t(msg`Next`)),
    page: (n: number) => t(msg`Page ${n}`),
  };
};

const meta = {
  title: "Components/Pagination",
  component: Pagination,
  args: { page: 1, pageCount: 834, hrefFor, label: "", summary: "" },
  parameters: { route: "/blog" },
  render: (args, context) => {
    const labels = blogLabels(context, args.page, args.pageCount);
    return <Pagination {...args} label={args.label || labels.label} summary={args.summary || labels.summary} />;
  },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

/** First page: no link back, "Previous" shown disabled. */
export const FirstPage: Story = {
  play: async ({ canvasElement, ...context }) => {
    const n = names(context);
    const nav = within(canvasElement).getByRole("navigation", { name: n.nav });
    await expect(within(nav).queryByRole("link", { name: n.previous })).toBeNull();
    await expect(within(nav).getByRole("link", { name: n.page(1) })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: n.next })).toHaveAttribute("href", "/blog?page=2");
    await expect(within(nav).getByRole("link", { name: n.page(834) })).toHaveAttribute("href", "/blog?page=834");
  },
};

/** A middle page: both neighbours, gaps to the first and the last; "Previous" sits at the start edge (right in Arabic). */
export const MiddlePage: Story = {
  args: { page: 400 },
  play: async ({ canvasElement, ...context }) => {
    const n = names(context);
    const nav = within(canvasElement).getByRole("navigation", { name: n.nav });
    const prev = within(nav).getByRole("link", { name: n.previous });
    const next = within(nav).getByRole("link", { name: n.next });
    await expect(prev).toHaveAttribute("href", "/blog?page=399");
    await expect(next).toHaveAttribute("href", "/blog?page=401");
    await expect(within(nav).getByRole("link", { name: n.page(400) })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: n.page(1) })).toHaveAttribute("href", "/blog");
    await expect(within(nav).getAllByRole("link")).toHaveLength(7);
    const [prevLeft, nextLeft] = [prev.getBoundingClientRect().left, next.getBoundingClientRect().left];
    if (localeOf(context) === "ar") await expect(prevLeft).toBeGreaterThan(nextLeft);
    else await expect(prevLeft).toBeLessThan(nextLeft);
  },
};

/** Last page: "Next" shown disabled. */
export const LastPage: Story = {
  args: { page: 834 },
  play: async ({ canvasElement, ...context }) => {
    const n = names(context);
    const nav = within(canvasElement).getByRole("navigation", { name: n.nav });
    await expect(within(nav).queryByRole("link", { name: n.next })).toBeNull();
    await expect(within(nav).getByRole("link", { name: n.previous })).toHaveAttribute("href", "/blog?page=833");
  },
};

/** One page: only the summary, no navigation. */
export const SinglePage: Story = {
  args: { page: 1, pageCount: 1 },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).queryByRole("navigation")).toBeNull();
    await expect(within(canvasElement).getByText(blogLabels(context, 1, 1).summary)).toBeInTheDocument();
  },
};
