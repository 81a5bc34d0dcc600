import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { OptionsStep } from "@/features/demo/components/options-step";
import { containing, translator } from "../../support/i18n";

const meta = {
  title: "Features/Demo/2 Options",
  component: OptionsStep,
  args: { send: fn() },
  parameters: { route: "/demo" },
} satisfies Meta<typeof OptionsStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each choice sends its event. */
export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: containing(t(msg`Connect to Dialer`)) }));
    await expect(args.send).toHaveBeenCalledWith({ type: "option.dialer" });
    await userEvent.click(c.getByRole("button", { name: containing(t(msg`Upload Recording`)) }));
    await expect(args.send).toHaveBeenCalledWith({ type: "option.upload" });
  },
};
