import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { DemoPage } from "@/features/demo/components/demo-page";
import { containing, translator } from "../../support/i18n";

/** The whole page, running the real flow machine. */
const meta = {
  title: "Features/Demo/0 Page",
  component: DemoPage,
  parameters: { route: "/demo" },
} satisfies Meta<typeof DemoPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The toasts' live region is named in the page's language. */
export const Default: Story = {
  play: async (context) => {
    await expect(within(document.body).getByRole("region", { name: translator(context)(msg`Notifications`) })).toHaveAttribute(
      "aria-live",
      "polite",
    );
  },
};

export const StartToDialer: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Start Now`) }));
    const options = await c.findByRole("heading", { level: 1, name: t(msg`How would you like to try it?`) });
    await waitFor(() => expect(options).toHaveFocus());
    await userEvent.click(c.getByRole("button", { name: containing(t(msg`Connect to Dialer`)) }));
    await expect(await c.findByRole("heading", { level: 1, name: t(msg`Dial a lead`) })).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: t(msg`Back`) }));
    await expect(await c.findByRole("heading", { level: 1, name: t(msg`How would you like to try it?`) })).toBeVisible();
  },
};
