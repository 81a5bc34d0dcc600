import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { OptionsStep } from "@/features/demo/components/options-step";

const meta = {
  title: "Features/Demo/2 Options",
  component: OptionsStep,
  args: { send: fn() },
  parameters: { route: "/demo" },
} satisfies Meta<typeof OptionsStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: /Connect to Dialer/ }));
    await expect(args.send).toHaveBeenCalledWith({ type: "option.dialer" });
    await userEvent.click(c.getByRole("button", { name: /Upload Recording/ }));
    await expect(args.send).toHaveBeenCalledWith({ type: "option.upload" });
  },
};
