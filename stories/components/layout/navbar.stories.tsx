import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Navbar } from "@/components/layout/navbar";

const meta = {
  title: "Layout/Navbar",
  component: Navbar,
} satisfies Meta<typeof Navbar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Arabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: /English/ })).toHaveAttribute("href", "/en");
    await expect(c.getByRole("link", { name: /اتصل بنا/ })).toHaveAttribute("href", expect.stringMatching(/^tel:\+/));
  },
};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: /العربية/ })).toHaveAttribute("href", "/");
    await expect(c.getByRole("link", { name: "Wasla" })).toHaveAttribute("href", "/en");
  },
};

/** On an inner page the toggle keeps the page and its query. */
export const EnglishOnBlogSearch: Story = {
  globals: { locale: "en" },
  parameters: { route: "/blog?q=dubai" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: /العربية/ })).toHaveAttribute("href", "/blog?q=dubai");
  },
};

export const Mobile: Story = {
  globals: { locale: "ar", viewport: { value: "mobile1" } },
};
