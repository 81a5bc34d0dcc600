import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RouteError } from "@/components/layout/route-error";
import { translator } from "../../support/i18n";

const meta = {
  title: "Layout/RouteError",
  component: RouteError,
  args: { what: "blog", onRetry: fn() },
} satisfies Meta<typeof RouteError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The blog's data request failed (a dropped connection during navigation). */
export const Blog: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent(t(msg`Failed to load blog posts`));
    await expect(c.getByRole("alert")).toHaveTextContent(t(msg`Please try again later.`));
    await userEvent.click(c.getByRole("button", { name: t(msg`Try again`) }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Page: Story = { args: { what: "page" } };
export const Article: Story = { args: { what: "article" } };
export const Retrying: Story = { args: { retrying: true } };
