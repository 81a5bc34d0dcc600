import { Container, Heading } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AdminShell } from "@/features/auth/components/admin-shell";

const meta = {
  title: "Admin/Auth/AdminShell",
  component: AdminShell,
  args: {
    email: "admin@example.com",
    onSignOut: fn(),
    children: (
      <Container py="10">
        <Heading as="h1">Page</Heading>
      </Container>
    ),
  },
  parameters: { route: "/admin/posts" },
} satisfies Meta<typeof AdminShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
    await expect(c.getByRole("link", { name: "Leads" })).toHaveAttribute("href", "/en/admin/leads");
    await userEvent.click(c.getByRole("button", { name: "Sign Out" }));
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};

export const SigningOut: Story = { args: { signingOut: true } };
