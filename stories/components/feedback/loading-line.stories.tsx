import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LoadingLine } from "@/components/feedback/loading-line";
import { translator } from "../../support/i18n";

/** A small spinner with what is loading (the admin screens' messages), in the story's language. */
const meta = {
  title: "Components/Feedback/LoadingLine",
  component: LoadingLine,
  render: (args, context) => <LoadingLine {...args}>{translator(context)(msg`Loading…`)}</LoadingLine>,
  parameters: { layout: "padded", route: "/admin/mail" },
} satisfies Meta<typeof LoadingLine>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Centred in a screen's content while its list loads. */
export const Centred: Story = {
  args: { py: "10", justify: "center" },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(msg`Loading…`))).toBeInTheDocument();
  },
};

/** Read out as a status (inside a dialog). */
export const Status: Story = {
  args: { role: "status", gap: "2" },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(translator(context)(msg`Loading…`));
  },
};

/** Without the spinner, muted, where something nearby already shows that work is going on (the booking form's free times). */
export const WithoutSpinner: Story = {
  args: { role: "status", gap: "2", spinner: false, color: "fg.muted" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status").querySelector(".chakra-spinner")).toBeNull();
  },
};
