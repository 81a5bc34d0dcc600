import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SuccessStep } from "@/features/demo/components/success-step";
import { translator } from "../../support/i18n";

const meta = {
  title: "Features/Demo/9 Success",
  component: SuccessStep,
  args: { send: fn() },
  parameters: { route: "/demo" },
} satisfies Meta<typeof SuccessStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Back to the dashboard restarts the demo. */
export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: translator(context)(msg`Back to Dashboard`) }));
    await expect(args.send).toHaveBeenCalledWith({ type: "demo.restart" });
  },
};
