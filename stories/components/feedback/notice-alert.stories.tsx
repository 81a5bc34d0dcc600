import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NoticeAlert } from "@/components/feedback/notice-alert";
import { translator } from "../../support/i18n";

/** A notice on an admin screen (the mail screen's messages here), in the story's language. */
const meta = {
  title: "Components/Feedback/NoticeAlert",
  component: NoticeAlert,
  args: { title: "", status: "success" },
  render: (args, context) => {
    const t = translator(context);
    return (
      <NoticeAlert
        {...args}
        title={t(msg`Could not load the outbox`)}
        description={args.description === undefined ? undefined : t(msg`Open one to read the reason, then send it again.`)}
      />
    );
  },
  parameters: { layout: "padded", route: "/admin/mail" },
} satisfies Meta<typeof NoticeAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Done: the title only. */
export const Success: Story = {
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(msg`Could not load the outbox`))).toBeInTheDocument();
  },
};

/** Waiting, with a line under the title. */
export const WarningWithDescription: Story = {
  args: { status: "warning", description: "yes" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    await expect(within(canvasElement).getByText(t(msg`Open one to read the reason, then send it again.`))).toBeInTheDocument();
  },
};

/** Failed, announced at once. */
export const ErrorAnnounced: Story = {
  args: { status: "error", role: "alert" },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(translator(context)(msg`Could not load the outbox`));
  },
};
