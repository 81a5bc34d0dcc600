import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LoadFailed } from "@/components/feedback/load-failed";
import { translator } from "../../support/i18n";

/**
 * A part of an admin screen that failed to load, with Try again (the lead dialog's, the revision history's,
 * a lead's demos'), in the story's language and direction.
 */
const meta = {
  title: "Components/Feedback/LoadFailed",
  component: LoadFailed,
  args: { message: "", onRetry: fn(), place: "dialog" },
  render: (args, context) => <LoadFailed {...args} message={translator(context)(msg`The lead could not be loaded.`)} />,
  parameters: { layout: "padded", route: "/admin/leads" },
} satisfies Meta<typeof LoadFailed>;
export default meta;
type Story = StoryObj<typeof meta>;

const retries: Story["play"] = async ({ canvasElement, args, ...context }) => {
  await userEvent.click(within(canvasElement).getByRole("button", { name: translator(context)(msg`Try again`) }));
  await expect(args.onRetry).toHaveBeenCalledOnce();
};

/** In place of a dialog's content, centred and announced at once. */
export const InDialog: Story = {
  play: async (context) => {
    const t = translator(context);
    await expect(within(context.canvasElement).getByRole("alert")).toHaveTextContent(t(msg`The lead could not be loaded.`));
    await retries(context);
  },
};

/** At the start of a dialog's part, announced. */
export const InSection: Story = {
  args: { place: "section" },
  play: async (context) => {
    await expect(within(context.canvasElement).getByRole("alert")).toBeVisible();
    await retries(context);
  },
};

/** On one line beside a heading, the message in red and a small button; the section stays, so not announced. */
export const Inline: Story = {
  args: { place: "inline" },
  play: async (context) => {
    await expect(within(context.canvasElement).queryByRole("alert")).toBeNull();
    await retries(context);
  },
};
