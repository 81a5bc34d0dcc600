import { Box } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BlogPostCard } from "@/features/blog/components/blog-post-card";
import { categoryLabel, formatPostDate } from "@/features/blog/lib/labels";
import { intlLocale, localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { localeOf, translator } from "../../support/i18n";
import { blogSamples } from "./fixtures";

type Sample = "postWithImage" | "postWithoutImage" | "popularPost" | "longPost";

/** A card showing one of the sample posts in the page's language (one blog per language). */
function SampleCard({ sample, headingLevel }: { sample: Sample; headingLevel?: "h2" | "h3" }) {
  return <BlogPostCard post={blogSamples(useLocale().locale)[sample]} headingLevel={headingLevel} />;
}

const meta = {
  title: "Blog/BlogPostCard",
  component: SampleCard,
  args: { sample: "postWithImage" },
  argTypes: { sample: { control: "select", options: ["postWithImage", "postWithoutImage", "popularPost", "longPost"] } },
  decorators: [
    (Story) => (
      <Box as="ul" listStyleType="none" p="6" maxW="sm">
        <li>
          <Story />
        </li>
      </Box>
    ),
  ],
} satisfies Meta<typeof SampleCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title linking to the article in the page's language, the category and the date in that language, a lazy image. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const post = blogSamples(locale).postWithImage;
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: post.title })).toHaveAttribute(
      "href",
      localizePath(`/blog/${encodeURIComponent(post.slug)}`, locale),
    );
    await expect(c.getByText(formatPostDate(post.published_at!, intlLocale[locale]))).toBeInTheDocument();
    const category = categoryLabel(post.category);
    await expect(c.getByText(typeof category === "string" ? category : t(category))).toBeInTheDocument();
    await expect(canvasElement.querySelector("img")).toHaveAttribute("loading", "lazy");
  },
};

/** No hero image: the designed placeholder (brand gradient, pattern and the category). */
export const WithoutImage: Story = {
  args: { sample: "postWithoutImage" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("img")).toBeNull();
  },
};

export const Popular: Story = {
  args: { sample: "popularPost" },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(msg`Popular`))).toBeInTheDocument();
  },
};

/** A title and excerpt long enough to wrap and clamp. */
export const LongTitle: Story = {
  args: { sample: "longPost" },
};
