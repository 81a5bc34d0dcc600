import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ProgressStep } from "@/features/demo/components/progress-step";

const meta = {
  title: "Features/Demo/5 Progress",
  component: ProgressStep,
  args: { status: "loading", value: 0 },
  parameters: { route: "/demo" },
} satisfies Meta<typeof ProgressStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** indeterminate: the recording is still being received. */
export const Indeterminate: Story = {
  args: { status: "indeterminate", value: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("progressbar")).not.toHaveAttribute("aria-valuenow");
  },
};

/** loading at 0 %. */
export const At0Percent: Story = {
  args: { status: "loading", value: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  },
};

/** loading at 50 %. */
export const At50Percent: Story = {
  args: { status: "loading", value: 50 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
  },
};

/** complete at 100 % (results follow 500 ms later). */
export const Complete100Percent: Story = {
  args: { status: "complete", value: 100 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  },
};

/** done: the instant before the results show. */
export const Done: Story = { args: { status: "done", value: 100 } };
