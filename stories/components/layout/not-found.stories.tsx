import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NotFound } from "@/components/layout/not-found";

const meta = { title: "Layout/NotFound", component: NotFound } satisfies Meta<typeof NotFound>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Arabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent("عذرًا! الصفحة غير موجودة");
  },
};
export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Oops! Page not found");
    await expect(c.getByRole("link", { name: /home/i })).toHaveAttribute("href", "/en");
  },
};
