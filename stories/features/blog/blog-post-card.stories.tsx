import { Box } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BlogPostCard } from "@/features/blog/components/blog-post-card";
import { longArabicPost, popularPost, postWithImage, postWithoutImage } from "./fixtures";

const meta = {
  title: "Blog/BlogPostCard",
  component: BlogPostCard,
  args: { post: postWithImage },
  decorators: [
    (Story) => (
      <Box as="ul" listStyleType="none" p="6" maxW="sm">
        <li>
          <Story />
        </li>
      </Box>
    ),
  ],
} satisfies Meta<typeof BlogPostCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: postWithImage.title })).toHaveAttribute("href", `/en/blog/${postWithImage.slug}`);
    await expect(c.getByText("August 14, 2025")).toBeInTheDocument();
    await expect(c.getByText("Real Estate")).toBeInTheDocument();
    await expect(canvasElement.querySelector("img")).toHaveAttribute("loading", "lazy");
  },
};

export const Arabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("العقارات")).toBeInTheDocument();
    await expect(c.getByRole("link", { name: postWithImage.title })).toHaveAttribute("href", `/blog/${postWithImage.slug}`);
  },
};

/** No hero image: the designed placeholder (brand gradient, pattern and the category). */
export const WithoutImage: Story = {
  args: { post: postWithoutImage },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("img")).toBeNull();
  },
};

export const Popular: Story = {
  args: { post: popularPost },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Popular")).toBeInTheDocument();
  },
};

export const LongArabicTitle: Story = {
  args: { post: longArabicPost },
  globals: { locale: "ar" },
};

export const LongArabicTitleInEnglish: Story = {
  args: { post: longArabicPost },
  globals: { locale: "en" },
};
