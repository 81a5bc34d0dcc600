import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NoAccess } from "@/features/auth/components/no-access";

const meta = {
  title: "Admin/Auth/NoAccess",
  component: NoAccess,
  args: { role: "editor" },
  parameters: { route: "/admin/leads" },
} satisfies Meta<typeof NoAccess>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An editor who opened the leads page by its address. */
export const Editor: Story = {};

export const SalesEnglish: Story = {
  args: { role: "sales" },
  globals: { locale: "en" },
  parameters: { route: "/en/admin/posts" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
    await expect(c.getByText(/Your role \(Sales\) does not include this section/)).toBeVisible();
    await expect(c.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/en/admin");
  },
};
