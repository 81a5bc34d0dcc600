import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SuccessStep } from "@/features/demo/components/success-step";

const meta = {
  title: "Features/Demo/9 Success",
  component: SuccessStep,
  args: { send: fn() },
  parameters: { route: "/demo" },
} satisfies Meta<typeof SuccessStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Back to Dashboard" }));
    await expect(args.send).toHaveBeenCalledWith({ type: "demo.restart" });
  },
};
