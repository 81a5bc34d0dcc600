import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { HeroStep } from "@/features/demo/components/hero-step";

const meta = {
  title: "Features/Demo/1 Hero",
  component: HeroStep,
  args: { send: fn() },
  parameters: { route: "/demo" },
} satisfies Meta<typeof HeroStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("See AI follow-up in action");
    await userEvent.click(c.getByRole("button", { name: "Start Now" }));
    await expect(args.send).toHaveBeenCalledWith({ type: "demo.start" });
  },
};
