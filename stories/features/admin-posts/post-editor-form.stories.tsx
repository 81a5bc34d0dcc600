import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { HeroImageField } from "@/features/admin-posts/components/hero-image-field";
import { PostEditorForm } from "@/features/admin-posts/components/post-editor-form";
import { emptyPost } from "@/features/admin-posts/schemas/post";

const published = {
  ...emptyPost,
  title: "Dubai market trends for 2026",
  excerpt: "Prices, rents and the neighbourhoods buyers are watching this year.",
  content: "<p>Prices held steady.</p>",
  category: "Market Analysis",
  country: "UAE",
  read_time: "6 min read",
  is_popular: true,
  published: true,
  hero_image_url: "/favicon.svg",
};

const imageField = ({ value }: { value: string | null }) => (
  <HeroImageField url={value} uploading={false} progress={0} fileName={null} problem={null} onSelect={fn()} onRemove={fn()} onCancel={fn()} />
);

const meta = {
  title: "Admin/Posts/PostEditorForm",
  component: PostEditorForm,
  args: { mode: "new", defaultValues: emptyPost, onSubmit: fn(), renderImageField: imageField },
  parameters: { route: "/admin/posts/new" },
} satisfies Meta<typeof PostEditorForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {};

export const Invalid: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Create Post" }));
    for (const text of ["Title is required", "Excerpt is required", "Content is required", "Category is required", "Country is required", "Read time is required"]) {
      await expect(await c.findByText(text)).toBeInTheDocument();
    }
    await userEvent.click(c.getByLabelText(/Title/));
    await userEvent.paste("x".repeat(201));
    await expect(await c.findByText("Title too long")).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidArabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "إنشاء المقال" }));
    await expect(await c.findByText("العنوان مطلوب")).toBeInTheDocument();
  },
};

export const Published: Story = {
  globals: { locale: "en" },
  args: { mode: "edit", defaultValues: published, liveSlug: "dubai-market-trends-2026" },
  parameters: { route: "/admin/posts/p1/edit" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "View Live Post" })).toHaveAttribute("href", "/en/blog/dubai-market-trends-2026");
    // Save as Draft only turns Publish off
    await userEvent.click(c.getByRole("button", { name: "Save as Draft" }));
    await expect(c.getByRole("checkbox", { name: "Publish" })).not.toBeChecked();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.click(c.getByRole("button", { name: "Update Post" }));
    await expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ published: false, title: published.title }));
  },
};

export const PublishedArabic: Story = {
  args: { mode: "edit", defaultValues: published, liveSlug: "dubai-market-trends-2026" },
  parameters: { route: "/admin/posts/p1/edit" },
};

export const Saving: Story = { args: { mode: "edit", defaultValues: published, saving: true } };

export const Uploading: Story = {
  globals: { locale: "en" },
  args: {
    uploading: true,
    renderImageField: () => (
      <HeroImageField url={null} uploading progress={0.6} fileName="hero.png" problem={null} onSelect={fn()} onRemove={fn()} onCancel={fn()} />
    ),
  },
};
