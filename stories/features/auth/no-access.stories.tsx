import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NoAccess } from "@/features/auth/components/no-access";
import { localizePath } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";

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

/** A sales member who opened the posts page: the role is named in the story's language, the link leads to that language's dashboard. */
export const Sales: Story = {
  args: { role: "sales" },
  parameters: { route: "/admin/posts" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const name = t(msg`Sales`);
    await expect(c.getByRole("heading", { name: t(msg`You do not have access to this page`) })).toBeVisible();
    await expect(c.getByText(t(msg`Your role (${name}) does not include this section. Ask an owner if you need it.`))).toBeVisible();
    await expect(c.getByRole("link", { name: t(msg`Back to the dashboard`) })).toHaveAttribute(
      "href",
      localizePath("/admin", localeOf(context)),
    );
  },
};
