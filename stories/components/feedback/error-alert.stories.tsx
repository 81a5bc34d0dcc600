import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ErrorAlert } from "@/components/feedback/error-alert";
import { translator } from "../../support/i18n";

/** An action's failure (the invitation dialog's message here), in the story's language. */
const meta = {
  title: "Components/Feedback/ErrorAlert",
  component: ErrorAlert,
  args: { message: "yes" },
  render: (args, context) => (
    <ErrorAlert message={args.message ? translator(context)(msg`This person is already a member of the team.`) : null} />
  ),
  parameters: { layout: "padded", route: "/admin/team" },
} satisfies Meta<typeof ErrorAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A message: announced at once. */
export const WithMessage: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(t(msg`This person is already a member of the team.`));
  },
};

/** No message: nothing is shown. */
export const Empty: Story = {
  args: { message: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("alert")).toBeNull();
  },
};
