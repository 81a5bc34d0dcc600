import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { BlogTeaser, type TeaserPost } from "@/features/landing/components/blog-teaser";
import type { Locale } from "@/lib/i18n/locale";
import { localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { localeOf, translator } from "../../support/i18n";

const post = (n: number, popular: boolean, title: string, excerpt: string, category: string): TeaserPost => ({
  id: `p${n}`,
  slug: `post-${n}`,
  title,
  excerpt,
  category,
  read_time: "6 min read",
  is_popular: popular,
  published_at: `2026-11-${10 + n}T09:00:00Z`,
});

/** The three newest posts of each language's blog (the teaser shows the page's language's posts). */
const samples: Record<Locale, TeaserPost[]> = {
  en: [
    [3, false, "Dubai off-plan buyers: what they ask before a viewing", "Real Estate"],
    [2, true, "The five-minute rule: why speed to lead decides who gets the listing", "Sales"],
    [1, false, "Toronto condo market notes for November", "Market Analysis"],
  ].map(([n, popular, title, category]) =>
    post(
      n as number,
      popular as boolean,
      title as string,
      "What the fastest-growing brokerages changed in their first five minutes with a new lead, and what it did to their viewing rate.",
      category as string,
    ),
  ),
  ar: [
    [3, false, "مشترو العقارات على الخارطة في دبي: ما يسألون عنه قبل المعاينة", "Real Estate"],
    [2, true, "قاعدة الدقائق الخمس: لماذا تحدد سرعة الرد من يفوز بالعقار", "Sales"],
    [1, false, "ملاحظات عن سوق الشقق في تورنتو لشهر نوفمبر", "Market Analysis"],
  ].map(([n, popular, title, category]) =>
    post(
      n as number,
      popular as boolean,
      title as string,
      "ما الذي غيّرته أسرع شركات الوساطة نموًا في أول خمس دقائق مع كل عميل جديد، وما أثر ذلك في نسبة المعاينات.",
      category as string,
    ),
  ),
};

/**
 * The teaser with sample posts: `page` the page's language's posts, `english` English posts whatever the
 * page's language, `none` an empty blog, `noPopular` no popular post yet, `failed` the database could not be reached.
 */
function SampleTeaser({
  posts,
  initialFilter,
}: {
  posts: "page" | "english" | "none" | "noPopular" | "failed";
  initialFilter?: "recent" | "popular";
}) {
  const { locale } = useLocale();
  const recent = samples[posts === "english" ? "en" : locale];
  const popular = recent.filter((p) => p.is_popular);
  if (posts === "failed") return <BlogTeaser recent={null} popular={null} />;
  if (posts === "none") return <BlogTeaser recent={[]} popular={[]} />;
  return <BlogTeaser recent={recent} popular={posts === "noPopular" ? [] : popular} initialFilter={initialFilter} />;
}

const meta = {
  title: "Features/Landing/BlogTeaser",
  component: SampleTeaser,
  args: { posts: "page" },
  argTypes: { posts: { control: "select", options: ["page", "english", "none", "noPopular", "failed"] } },
} satisfies Meta<typeof SampleTeaser>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The three newest posts; the chips switch to the popular ones; the link leads to the page's language's blog. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getAllByRole("article")).toHaveLength(3);
    await userEvent.click(c.getByRole("button", { name: t(msg`Most Popular`) }));
    await expect(c.getByRole("button", { name: t(msg`Most Popular`) })).toHaveAttribute("aria-pressed", "true");
    await expect(c.getAllByRole("article")).toHaveLength(1);
    await expect(c.getByRole("link", { name: t(msg`View all articles`) })).toHaveAttribute(
      "href",
      localizePath("/blog", localeOf(context)),
    );
  },
};

/**
 * Pinned to Arabic on purpose: English titles inside the Arabic page (a mixed-language case) keep their own
 * direction, while the category and the read time are in the page's language.
 */
export const EnglishPostsOnArabicPage: Story = {
  args: { posts: "english" },
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const heading = c.getByRole("heading", { name: "Toronto condo market notes for November" });
    await expect(heading).toHaveAttribute("dir", "auto");
    await expect(getComputedStyle(heading).direction).toBe("ltr");
    await expect(canvasElement).toHaveTextContent("تحليل السوق");
    await expect(canvasElement).not.toHaveTextContent("Market Analysis");
    await expect(canvasElement).not.toHaveTextContent("min read");
  },
};

export const Empty: Story = { args: { posts: "none" } };

export const PopularEmpty: Story = { args: { posts: "noPopular", initialFilter: "popular" } };

/** The database could not be reached: the page still renders. */
export const LoadError: Story = {
  args: { posts: "failed" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Failed to load blog posts`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Please try again later.`))).toBeInTheDocument();
  },
};
