import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RetryAlert } from "@/components/feedback/retry-alert";
import { translator } from "../../support/i18n";

/** A failure to load with a retry, with the mail screen's messages in the story's language. */
const meta = {
  title: "Components/Feedback/RetryAlert",
  component: RetryAlert,
  args: { title: "", retryLabel: "", onRetry: fn() },
  render: (args, context) => {
    const t = translator(context);
    return (
      <RetryAlert
        {...args}
        title={t(msg`Could not load the outbox`)}
        description={args.description === undefined ? undefined : t(msg`Please try again later.`)}
        retryLabel={t(msg`Try again`)}
      />
    );
  },
  parameters: { layout: "padded", route: "/admin/mail" },
} satisfies Meta<typeof RetryAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title and a line under it; the button tries again. */
export const WithDescription: Story = {
  args: { description: "yes" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    await expect(within(canvasElement).queryByRole("alert")).toBeNull();
    await userEvent.click(within(canvasElement).getByRole("button", { name: t(msg`Try again`) }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Announced at once (it replaces the content), title only. */
export const Announced: Story = {
  args: { announce: true },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(translator(context)(msg`Could not load the outbox`));
  },
};
