import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Card, Text } from "@chakra-ui/react";
import { expect, fn, userEvent, within } from "storybook/test";
import { LoadState } from "@/components/feedback/load-state";
import { translator } from "../../support/i18n";

/** The body of an admin list card in its three states, with the leads inbox's messages in the story's language. */
const meta = {
  title: "Components/Feedback/LoadState",
  component: LoadState,
  args: { status: "ready", loadingLabel: "", failedTitle: "", onRetry: fn(), children: null },
  render: (args, context) => {
    const t = translator(context);
    return (
      <Card.Root overflow="hidden">
        <LoadState {...args} loadingLabel={t(msg`Loading leads…`)} failedTitle={t(msg`Failed to load leads.`)}>
          <Text color="fg.muted" textAlign="center" py="12">
            {t(msg`No leads yet.`)}
          </Text>
        </LoadState>
      </Card.Root>
    );
  },
  parameters: { layout: "padded", route: "/admin/leads" },
} satisfies Meta<typeof LoadState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A spinner, read out as a status. */
export const Loading: Story = {
  args: { status: "loading" },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(translator(context)(msg`Loading leads…`));
  },
};

/** The failure, announced, with a retry. */
export const Failed: Story = {
  args: { status: "failed" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveTextContent(t(msg`Failed to load leads.`));
    await userEvent.click(within(alert).getByRole("button", { name: t(msg`Try again`) }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Without a retry handler there is no button. */
export const FailedWithoutRetry: Story = {
  args: { status: "failed", onRetry: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button")).toBeNull();
  },
};

/** Loaded: what the caller passed (here the empty message). */
export const Ready: Story = {
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(msg`No leads yet.`))).toBeInTheDocument();
  },
};
