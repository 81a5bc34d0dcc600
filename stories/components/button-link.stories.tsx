import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Plus } from "lucide-react";
import { expect, within } from "storybook/test";
import { ButtonLink } from "@/components/button-link";
import { localeOf, translator } from "../support/i18n";

/** An internal link styled as a button (the posts screen's New Post here), in the story's language. */
const meta = {
  title: "Components/ButtonLink",
  component: ButtonLink,
  args: { to: "/admin/posts/new", colorPalette: "brand" },
  render: (args, context) => (
    <ButtonLink {...args}>
      <Plus aria-hidden="true" />
      {translator(context)(msg`New Post`)}
    </ButtonLink>
  ),
  parameters: { layout: "padded", route: "/admin/posts" },
} satisfies Meta<typeof ButtonLink>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A real link (no `type`), its path in the page's language. */
export const Solid: Story = {
  play: async ({ canvasElement, ...context }) => {
    const link = within(canvasElement).getByRole("link", { name: translator(context)(msg`New Post`) });
    await expect(link).toHaveAttribute("href", localeOf(context) === "en" ? "/en/admin/posts/new" : "/admin/posts/new");
    await expect(link).not.toHaveAttribute("type");
  },
};

/** Outline, opening in a new tab. */
export const OutlineNewTab: Story = {
  args: { variant: "outline", target: "_blank", rel: "noopener" },
  play: async ({ canvasElement, ...context }) => {
    const link = within(canvasElement).getByRole("link", { name: translator(context)(msg`New Post`) });
    await expect(link).toHaveAttribute("target", "_blank");
  },
};

/** A path used as given (a page in the other language). */
export const Raw: Story = {
  args: { raw: true, to: "/en/blog" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link")).toHaveAttribute("href", "/en/blog");
  },
};
