import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { DemoPage } from "@/features/demo/components/demo-page";

/** The whole page, running the real flow machine. */
const meta = {
  title: "Features/Demo/0 Page",
  component: DemoPage,
  parameters: { route: "/demo" },
} satisfies Meta<typeof DemoPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const StartToDialer: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Start Now" }));
    const options = await c.findByRole("heading", { level: 1, name: "How would you like to try it?" });
    await waitFor(() => expect(options).toHaveFocus());
    await userEvent.click(c.getByRole("button", { name: /Connect to Dialer/ }));
    await expect(await c.findByRole("heading", { level: 1, name: "Dial a lead" })).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Back" }));
    await expect(await c.findByRole("heading", { level: 1, name: "How would you like to try it?" })).toBeVisible();
  },
};
