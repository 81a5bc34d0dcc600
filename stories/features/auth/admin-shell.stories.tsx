import { Container, Heading } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AdminShell } from "@/features/auth/components/admin-shell";
import { localizePath } from "@/lib/i18n/locale";
import { inLocale, localeOf, translator } from "../../support/i18n";

const meta = {
  title: "Admin/Auth/AdminShell",
  component: AdminShell,
  args: { email: "admin@example.com", onSignOut: fn(), children: null },
  parameters: { route: "/admin/posts" },
  // The page inside the shell is sample content in the story's language.
  render: (args, context) => (
    <AdminShell {...args}>
      {args.children ?? (
        <Container py="10">
          <Heading as="h1">{inLocale(context, { ar: "الصفحة", en: "Page" })}</Heading>
        </Container>
      )}
    </AdminShell>
  ),
} satisfies Meta<typeof AdminShell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The current section is marked, links stay in the story's language, and signing out is raised. */
export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: t(msg`Posts`) })).toHaveAttribute("aria-current", "page");
    await expect(c.getByRole("link", { name: t(msg`Leads`) })).toHaveAttribute("href", localizePath("/admin/leads", localeOf(context)));
    await userEvent.click(c.getByRole("button", { name: t(msg`Sign Out`) }));
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};

export const SigningOut: Story = { args: { signingOut: true } };

/** An owner sees every section, the team included, and their role beside the email. */
export const Owner: Story = {
  args: { role: "owner" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    for (const name of [msg`Dashboard`, msg`Posts`, msg`Leads`, msg`Mail`, msg`Team`])
      await expect(c.getByRole("link", { name: t(name) })).toBeVisible();
    await expect(c.getByTestId("admin-role")).toHaveTextContent(t(msg`Owner`));
  },
};

/** An editor sees the dashboard, posts, the newsletter and analytics; not leads, mail or the team. */
export const Editor: Story = {
  args: { role: "editor" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const nav = c.getByRole("navigation");
    const names = within(nav)
      .getAllByRole("link")
      .map((a) => a.textContent?.trim());
    await expect(names).toEqual([t(msg`Dashboard`), t(msg`Posts`), t(msg`Newsletter`), t(msg`Analytics`)]);
    await expect(c.queryByRole("link", { name: t(msg`Leads`) })).toBeNull();
  },
};

/** Sales sees the dashboard, leads and mail; not posts or the team. */
export const Sales: Story = {
  args: { role: "sales" },
  parameters: { route: "/admin/leads" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: t(msg`Leads`) })).toHaveAttribute("aria-current", "page");
    await expect(c.queryByRole("link", { name: t(msg`Posts`) })).toBeNull();
    await expect(c.queryByRole("link", { name: t(msg`Team`) })).toBeNull();
  },
};
