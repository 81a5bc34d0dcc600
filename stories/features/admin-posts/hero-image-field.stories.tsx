import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { HeroImageField } from "@/features/admin-posts/components/hero-image-field";

const meta = {
  title: "Admin/Posts/HeroImageField",
  component: HeroImageField,
  args: { url: null, uploading: false, progress: 0, fileName: null, problem: null, onSelect: fn(), onRemove: fn(), onCancel: fn() },
  parameters: { layout: "padded", route: "/admin/posts/new" },
} satisfies Meta<typeof HeroImageField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Uploading: Story = { args: { uploading: true, progress: 0.42, fileName: "dubai-marina.jpg" } };
export const AlmostUploaded: Story = { args: { uploading: true, progress: 0.8, fileName: "dubai-marina.jpg" } };
export const WithImage: Story = { args: { url: "/favicon.svg" } };
export const WrongType: Story = { args: { problem: "type" } };
export const TooLarge: Story = { args: { problem: "size" } };
/** The server read the bytes: a text file renamed .jpg is not an image (415); retrying would not help. */
export const NotAnImage: Story = { args: { problem: "content" } };
export const UploadFailed: Story = { args: { url: "/favicon.svg", problem: "upload" } };
