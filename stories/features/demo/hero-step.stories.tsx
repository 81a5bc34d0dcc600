import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { HeroStep } from "@/features/demo/components/hero-step";
import { translator } from "../../support/i18n";

const meta = {
  title: "Features/Demo/1 Hero",
  component: HeroStep,
  args: { send: fn() },
  parameters: { route: "/demo" },
} satisfies Meta<typeof HeroStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent(t(msg`See AI follow-up in action`));
    await userEvent.click(c.getByRole("button", { name: t(msg`Start Now`) }));
    await expect(args.send).toHaveBeenCalledWith({ type: "demo.start" });
  },
};
