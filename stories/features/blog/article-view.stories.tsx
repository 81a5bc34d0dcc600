import { Box, Text } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ComponentProps } from "react";
import { expect, waitFor, within } from "storybook/test";
import type { BlogPost } from "@/features/blog/api/get-published-post-by-slug";
import { ArticleLoading, ArticleNotFound, ArticleView } from "@/features/blog/components/article-view";
import { localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { localeOf, translator } from "../../support/i18n";
import { blogSamples } from "./fixtures";

/**
 * The sample article of the page's language (an article lives only under its own language's prefix):
 * `withoutImage` shows the long sample post with no hero image; `changes` and `html` replace parts of it.
 */
function SampleArticle({
  withoutImage = false,
  changes,
  html,
  renderBooking,
}: {
  withoutImage?: boolean;
  changes?: Partial<BlogPost>;
  html?: string;
  renderBooking?: ComponentProps<typeof ArticleView>["renderBooking"];
}) {
  const { locale } = useLocale();
  const s = blogSamples(locale);
  const short =
    locale === "ar"
      ? "<p>محتوى المقال</p><ol><li>أولًا</li><li>ثانيًا</li></ol>"
      : "<p>The article's content</p><ol><li>First</li><li>Second</li></ol>";
  const post: BlogPost = withoutImage ? { ...s.article, ...s.longPost, content: short } : s.article;
  return <ArticleView post={{ ...post, ...changes }} html={html ?? post.content} renderBooking={renderBooking} />;
}

const meta = {
  title: "Blog/ArticleView",
  component: SampleArticle,
  parameters: { route: "/blog/dubai-off-plan-investment-guide" },
} satisfies Meta<typeof SampleArticle>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const s = blogSamples(localeOf(context));
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent(s.article.title);
    await expect(canvasElement.querySelector("img[fetchpriority=high]")).toHaveAttribute("width", "1200");
    await sanitised(canvasElement);
    await expect(
      c.getByRole("heading", { level: 2, name: t(msg`Ready to answer every UAE property lead in seconds?`) }),
    ).toBeInTheDocument();
    await expect(c.getByRole("link", { name: s.linkText })).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(c.getByRole("link", { name: t(msg`Back to Blog`) })).toHaveAttribute("href", localizePath("/blog", localeOf(context)));
  },
};

/** A post without a hero image (the placeholder) and with a long title; Popular; UAE call to action. */
export const WithoutImage: Story = { args: { withoutImage: true } };

/**
 * Outside the article route (which sanitises on the server and says so with `serverSanitized`) the body
 * is sanitised in the browser; DOMPurify loads on first use, so wait until the body is no longer busy.
 */
async function sanitised(canvasElement: HTMLElement) {
  await waitFor(() => expect(canvasElement.querySelector(".article-content:not([aria-busy])")?.innerHTML).toBeTruthy());
}

/** Hostile content, when not sanitised by the server, is sanitised in the browser. */
export const HostileContent: Story = {
  args: {
    html: '<p>Safe</p><img src=x onerror="window.__storyXss=1"><script>window.__storyXss=1</script><a href="javascript:alert(1)">link</a>',
  },
  play: async ({ canvasElement }) => {
    await sanitised(canvasElement);
    const body = canvasElement.querySelector(".article-content")!;
    await expect(body.querySelector("script")).toBeNull();
    await expect(body.querySelector("[onerror]")).toBeNull();
    await expect(body.querySelector("a")?.getAttribute("href")).toBeFalsy();
    await expect((window as unknown as { __storyXss?: number }).__storyXss).toBeUndefined();
  },
};

/** With the booking slot filled (the route passes the booking feature's form here); a Canadian post names Canada. */
/**
 * Lists as the editor stores them (every block `dir="auto"`): the Arabic list has its bullets on the
 * right and the English one its numbers on the left, whatever the page's language (the sanitiser gives
 * each list and item its text's direction).
 */
export const StoredLists: Story = {
  args: {
    html: [
      '<p dir="auto">خطوات المتابعة:</p>',
      '<ul dir="auto"><li dir="auto"><p dir="auto">الرد خلال خمس دقائق</p></li><li dir="auto"><p dir="auto">اقتراح موعدين للمعاينة</p></li></ul>',
      '<p dir="auto">In English:</p>',
      '<ol dir="auto"><li dir="auto"><p dir="auto">Reply within five minutes</p></li><li dir="auto"><p dir="auto">Offer two viewing slots</p></li></ol>',
    ].join(""),
  },
  play: async ({ canvasElement }) => {
    await sanitised(canvasElement);
    const items = [...canvasElement.querySelectorAll<HTMLElement>(".article-content li")];
    const sides = items.map((li) => {
      const list = li.parentElement!.getBoundingClientRect();
      const item = li.getBoundingClientRect();
      // The list's padding, where the marker is drawn, is on the side the item is set in from the list.
      const side = list.right - item.right > 12 ? "right" : item.left - list.left > 12 ? "left" : "none";
      return `${side} ${getComputedStyle(li).direction}`;
    });
    await expect(sides).toEqual(["right rtl", "right rtl", "left ltr", "left ltr"]);
  },
};

export const WithBookingSlot: Story = {
  args: {
    changes: { country: "Canada", category: "Sales" },
    renderBooking: ({ headline, description }) => (
      <Box as="section" aria-labelledby="slot-title" borderWidth="2px" borderStyle="dashed" borderColor="brand.muted" p="6" rounded="xl">
        <Text as="h2" id="slot-title" fontSize="2xl" fontWeight="800">
          {headline}
        </Text>
        <Text color="fg.muted">{description}</Text>
      </Box>
    ),
  },
  play: async ({ canvasElement, ...context }) => {
    const name = translator(context)(msg`Ready to answer every Canadian property lead in seconds?`);
    await expect(within(canvasElement).getByRole("heading", { level: 2, name })).toBeInTheDocument();
  },
};

export const NotFound: StoryObj<typeof ArticleNotFound> = {
  render: () => <ArticleNotFound />,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent(t(msg`Article Not Found`));
    await expect(c.getByText(t(msg`The article you are looking for does not exist.`))).toBeInTheDocument();
  },
};

export const LoadFailed: StoryObj<typeof ArticleNotFound> = {
  render: () => <ArticleNotFound error="load-failed" />,
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(msg`Failed to load blog post`))).toBeInTheDocument();
  },
};

export const Loading: StoryObj<typeof ArticleLoading> = {
  render: () => <ArticleLoading />,
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(translator(context)(msg`Loading article...`));
  },
};
