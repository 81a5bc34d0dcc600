import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BackLink } from "@/components/back-link";
import { localeOf, translator } from "../support/i18n";

/** A link back to a list (the article's "Back to Blog" here), its arrow mirrored in Arabic. */
const meta = {
  title: "Components/BackLink",
  component: BackLink,
  args: { to: "/blog", gap: "2", color: "brand.fg", fontWeight: "600" },
  render: (args, context) => <BackLink {...args}>{translator(context)(msg`Back to Blog`)}</BackLink>,
  parameters: { layout: "padded", route: "/blog/example" },
} satisfies Meta<typeof BackLink>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The article's: its path in the page's language; the arrow points back (right in Arabic, left in English). */
export const Article: Story = {
  play: async ({ canvasElement, ...context }) => {
    const link = within(canvasElement).getByRole("link", { name: translator(context)(msg`Back to Blog`) });
    await expect(link).toHaveAttribute("href", localeOf(context) === "en" ? "/en/blog" : "/blog");
    const arrow = link.querySelector("svg") as SVGElement;
    const flipped = getComputedStyle(arrow).transform !== "none";
    await expect(flipped).toBe(localeOf(context) === "ar");
  },
};

/** The post editor's: small and muted. */
export const Editor: Story = {
  args: { to: "/admin/posts", fontSize: "sm", color: "fg.muted", gap: "1", fontWeight: undefined },
};
