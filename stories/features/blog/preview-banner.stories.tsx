import type { Meta, StoryObj } from "@storybook/react-vite";
import { PreviewBanner, PreviewUnavailable } from "@/features/blog/components/preview-banner";

const meta = { title: "Blog/Preview", component: PreviewBanner, args: { published: false } } satisfies Meta<typeof PreviewBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DraftBanner: Story = {};
export const PublishedBanner: Story = { args: { published: true } };
export const LinkNoLongerWorks: Story = { render: () => <PreviewUnavailable /> };
export const LoadFailed: Story = { render: () => <PreviewUnavailable error /> };
