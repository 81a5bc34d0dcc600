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

/** An owner sees every section, the team included, and their role beside the email. */
export const Owner: Story = {
  args: { role: "owner" },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const name of ["Dashboard", "Posts", "Leads", "Mail", "Team"]) await expect(c.getByRole("link", { name })).toBeVisible();
    await expect(c.getByTestId("admin-role")).toHaveTextContent("Owner");
  },
};

/** An editor sees the dashboard and posts only. */
export const Editor: Story = {
  args: { role: "editor" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const nav = c.getByRole("navigation");
    await expect(within(nav).getAllByRole("link")).toHaveLength(2);
    await expect(c.queryByRole("link", { name: /Leads|العملاء/ })).toBeNull();
  },
};

/** Sales sees the dashboard, leads and mail; not posts or the team. */
export const Sales: Story = {
  args: { role: "sales" },
  globals: { locale: "en" },
  parameters: { route: "/en/admin/leads" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "Leads" })).toHaveAttribute("aria-current", "page");
    await expect(c.queryByRole("link", { name: "Posts" })).toBeNull();
    await expect(c.queryByRole("link", { name: "Team" })).toBeNull();
  },
};
