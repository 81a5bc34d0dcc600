import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMachine } from "@xstate/react";
import { expect, fn, userEvent, within } from "storybook/test";
import { DialerStep } from "@/features/demo/components/dialer-step";
import { callStatusOf, dialerCallMachine } from "@/features/demo/machines/dialer-call.machine";
import { containing, translator } from "../../support/i18n";

const meta = {
  title: "Features/Demo/3 Dialer",
  component: DialerStep,
  args: { send: fn(), onBack: fn(), call: { status: "idle", number: "", elapsed: 0 } },
  parameters: { route: "/demo" },
} satisfies Meta<typeof DialerStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** idle, nothing typed: the call button is disabled. */
export const IdleEmpty: Story = {
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: translator(context)(msg`Call`) })).toBeDisabled();
  },
};

/** idle with a number typed. */
export const IdleWithNumber: Story = { args: { call: { status: "idle", number: "0501234567", elapsed: 0 } } };

/** dialing: the typed number is being called. */
export const Dialing: Story = { args: { call: { status: "dialing", number: "0501234567", elapsed: 0 } } };

/** connecting: the fixed sample UAE number is shown. */
export const Connecting: Story = {
  args: { call: { status: "connecting", number: "0501234567", elapsed: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("dialer-number")).toHaveTextContent("+971 50 000 0000");
  },
};

/** recording at 0:07, with the REC indicator. */
export const RecordingAt0m07: Story = {
  args: { call: { status: "recording", number: "0501234567", elapsed: 7 } },
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByTestId("call-timer");
    await expect(timer).toHaveTextContent("REC");
    await expect(timer).toHaveTextContent("00:07");
  },
};

/** ending: the call is hanging up. */
export const Ending: Story = { args: { call: { status: "ending", number: "0501234567", elapsed: 8 } } };

/** ended: the call is over (the page moves on to the analysis). */
export const Ended: Story = { args: { call: { status: "ended", number: "0501234567", elapsed: 8 } } };

/** The keypad and the keyboard drive the real dialer machine. */
function LiveDialer() {
  const [snapshot, send] = useMachine(dialerCallMachine, { input: {} });
  return (
    <DialerStep
      call={{ status: callStatusOf(snapshot.value), number: snapshot.context.number, elapsed: snapshot.context.elapsed }}
      send={send}
      onBack={() => {}}
    />
  );
}

export const KeypadPlay: Story = {
  render: () => <LiveDialer />,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const display = c.getByTestId("dialer-number");
    const call = c.getByRole("button", { name: t(msg`Call`) });
    await expect(call).toBeDisabled();

    // Delete on an empty number does nothing.
    await expect(c.getByRole("button", { name: containing(t(msg`Delete`)) })).toBeDisabled();

    const keypad = within(c.getByRole("group", { name: t(msg`Keypad`) }));
    for (const key of ["0", "5", "0", "*", "#"]) await userEvent.click(keypad.getByRole("button", { name: key }));
    await expect(display).toHaveTextContent("050*#");
    await expect(call).toBeEnabled();

    await userEvent.click(c.getByRole("button", { name: containing(t(msg`Delete`)) }));
    await expect(display).toHaveTextContent("050*");

    // Keyboard entry anywhere on the page: digits, * and #; letters are ignored; Backspace deletes.
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard("12a#");
    await expect(display).toHaveTextContent("050*12#");
    await userEvent.keyboard("{Backspace}{Backspace}{Delete}");
    await expect(display).toHaveTextContent("050*");

    // Enter calls.
    await userEvent.keyboard("{Enter}");
    // The status line names the number being called (in the story's language).
    await expect(c.getByTestId("call-status")).toHaveTextContent("050*");
    await expect(c.getByRole("button", { name: t(msg`End call`) })).toBeEnabled();
    await expect(keypad.getByRole("button", { name: "1" })).toBeDisabled();
  },
};

/** The product rule "Enter calls" holds after clicking keypad digits: Enter on the focused digit calls, it does not type it again. */
export const EnterAfterKeypadClicksCalls: Story = {
  render: () => <LiveDialer />,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const keypad = within(c.getByRole("group", { name: t(msg`Keypad`) }));
    for (const key of ["0", "5", "5"]) await userEvent.click(keypad.getByRole("button", { name: key }));
    await expect(keypad.getByRole("button", { name: "5" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(c.getByRole("button", { name: t(msg`End call`) })).toBeEnabled();
    await expect(c.getByTestId("call-status")).toHaveTextContent("055");
    await expect(c.getByTestId("call-status")).not.toHaveTextContent("0555");
  },
};
