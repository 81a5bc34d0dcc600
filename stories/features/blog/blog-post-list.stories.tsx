import { Container } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ComponentProps } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Pagination } from "@/components/pagination";
import { BlogPostList } from "@/features/blog/components/blog-post-list";
import { localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { containing, localeOf, translator } from "../../support/i18n";
import { blogSamples } from "./fixtures";

type ListProps = ComponentProps<typeof BlogPostList>;

/** The list with the sample posts of the page's language when `state` is ready and has none given (`posts: "samples"`). */
function SampleList({ state, ...props }: Omit<ListProps, "state"> & { state: ListProps["state"] | { status: "samples" } }) {
  const { locale } = useLocale();
  const ready: ListProps["state"] = state.status === "samples" ? { status: "ready", posts: blogSamples(locale).posts } : state;
  return <BlogPostList {...props} state={ready} retryHref={props.retryHref && localizePath(props.retryHref, locale)} />;
}

/** Page 2 of the blog's page links, with the blog's own label and summary in the page's language. */
function SamplePages() {
  const { locale, intl } = useLocale();
  const t = translator({ globals: { locale } });
  const nf = new Intl.NumberFormat(intl);
  const [from, to, of] = [nf.format(13), nf.format(24), nf.format(10_000)];
  return (
    <Pagination
      page={2}
      pageCount={834}
      hrefFor={(n) => localizePath(n > 1 ? `/blog?page=${n}` : "/blog", locale)}
      label={t(msg`Blog pages`)}
      summary={t(msg`Articles ${from}–${to} of ${of}`)}
    />
  );
}

const meta = {
  title: "Blog/BlogPostList",
  component: SampleList,
  args: { state: { status: "samples" }, onRetry: fn(), retryHref: "/blog" },
  decorators: [
    (Story) => (
      <Container maxW="6xl" py="8">
        <Story />
      </Container>
    ),
  ],
} satisfies Meta<typeof SampleList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getAllByRole("article")).toHaveLength(blogSamples(localeOf(context)).posts.length);
  },
};

export const Loading: Story = {
  args: { state: { status: "loading" } },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(translator(context)(msg`Loading...`));
  },
};

export const ErrorState: Story = {
  name: "Error",
  args: { state: { status: "error" } },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Failed to load blog posts`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Please try again later.`))).toBeInTheDocument();
    await userEvent.click(c.getByRole("link", { name: t(msg`Try again`) }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Empty: Story = {
  args: { state: { status: "ready", posts: [] } },
  play: async ({ canvasElement, ...context }) => {
    await expect(
      within(canvasElement).getByText(translator(context)(msg`No articles found matching your search criteria.`)),
    ).toBeInTheDocument();
  },
};

/** A page of a long list: the cards, then the page links (as on /blog?page=2). */
export const WithPages: Story = {
  args: { footer: <SamplePages /> },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    await expect(c.getAllByRole("article")).toHaveLength(blogSamples(locale).posts.length);
    const nav = c.getByRole("navigation", { name: t(msg`Blog pages`) });
    const n = 2;
    await expect(within(nav).getByRole("link", { name: t(msg`Page ${n}`) })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: containing(t(msg`Previous`)) })).toHaveAttribute(
      "href",
      localizePath("/blog", locale),
    );
  },
};
