import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RefreshButton } from "@/components/refresh-button";
import { translator } from "../support/i18n";

/** An admin screen's Refresh (team, newsletters, mail), in the story's language and direction. */
const meta = {
  title: "Components/RefreshButton",
  component: RefreshButton,
  args: { onClick: fn(), loading: false },
  parameters: { layout: "padded", route: "/admin/team" },
} satisfies Meta<typeof RefreshButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ready: a click reads the list again. */
export const Ready: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: translator(context)(msg`Refresh`) }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** While the list loads: it says Loading… and waits. */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, ...context }) => {
    const button = within(canvasElement).getByRole("button");
    await expect(button).toBeDisabled();
    await expect(button).toHaveTextContent(translator(context)(msg`Loading…`));
  },
};
