import { Box, Text } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ArticleLoading, ArticleNotFound, ArticleView } from "@/features/blog/components/article-view";
import { longArabicPost, sampleArticle } from "./fixtures";

const meta = {
  title: "Blog/ArticleView",
  component: ArticleView,
  args: { post: sampleArticle, html: sampleArticle.content },
  parameters: { route: `/blog/${sampleArticle.slug}` },
} satisfies Meta<typeof ArticleView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent(sampleArticle.title);
    await expect(c.getByRole("heading", { level: 2, name: /UAE property lead/ })).toBeInTheDocument();
    await expect(c.getByRole("link", { name: "market report" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(c.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/en/blog");
    await expect(canvasElement.querySelector("img[fetchpriority=high]")).toHaveAttribute("width", "1200");
  },
};

export const Arabic: Story = { globals: { locale: "ar" } };

/** An Arabic post without a hero image (placeholder), Popular, Canada call to action is not used: UAE. */
export const ArabicPostWithoutImage: Story = {
  args: {
    post: {
      ...longArabicPost,
      meta_title: null,
      meta_description: null,
      content: "<p>محتوى المقال</p><ol><li>أولًا</li><li>ثانيًا</li></ol>",
    },
    html: "<p>محتوى المقال</p><ol><li>أولًا</li><li>ثانيًا</li></ol>",
  },
  globals: { locale: "ar" },
};

/** Hostile content is sanitised in the browser too. */
export const HostileContent: Story = {
  args: {
    html: '<p>Safe</p><img src=x onerror="window.__storyXss=1"><script>window.__storyXss=1</script><a href="javascript:alert(1)">link</a>',
  },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const body = canvasElement.querySelector(".article-content")!;
    await expect(body.querySelector("script")).toBeNull();
    await expect(body.querySelector("[onerror]")).toBeNull();
    await expect(body.querySelector("a")?.getAttribute("href")).toBeFalsy();
    await expect((window as unknown as { __storyXss?: number }).__storyXss).toBeUndefined();
  },
};

/** With the booking slot filled (the route passes the booking feature's form here). */
export const WithBookingSlot: Story = {
  args: {
    post: { ...sampleArticle, country: "Canada", category: "Sales" },
    renderBooking: ({ headline, description }) => (
      <Box as="section" aria-labelledby="slot-title" borderWidth="2px" borderStyle="dashed" borderColor="brand.muted" p="6" rounded="xl">
        <Text as="h2" id="slot-title" fontSize="2xl" fontWeight="800">
          {headline}
        </Text>
        <Text color="fg.muted">{description}</Text>
      </Box>
    ),
  },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 2, name: /Canadian property lead/ })).toBeInTheDocument();
  },
};

export const NotFound: StoryObj<typeof ArticleNotFound> = {
  render: () => <ArticleNotFound />,
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Article Not Found");
    await expect(c.getByText("The article you are looking for does not exist.")).toBeInTheDocument();
  },
};

export const NotFoundArabic: StoryObj<typeof ArticleNotFound> = { render: () => <ArticleNotFound />, globals: { locale: "ar" } };

export const LoadFailed: StoryObj<typeof ArticleNotFound> = {
  render: () => <ArticleNotFound error="load-failed" />,
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Failed to load blog post")).toBeInTheDocument();
  },
};

export const Loading: StoryObj<typeof ArticleLoading> = {
  render: () => <ArticleLoading />,
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading article...");
  },
};

export const LoadingArabic: StoryObj<typeof ArticleLoading> = { render: () => <ArticleLoading />, globals: { locale: "ar" } };
