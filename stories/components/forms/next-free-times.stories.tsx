import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { NextFreeTimes } from "@/components/forms/next-free-times";
import { slotLabel } from "@/lib/booking/slot-label";
import type { FreeSlot } from "@/lib/submit/outbox";
import { localeOf, translator } from "../../support/i18n";

/**
 * The next free times after the chosen one was taken (the booking form's conflict, the sent-form notice),
 * each in the market's clock, in the story's language and direction.
 */
const slot = (time: string): FreeSlot => ({ date: "2026-12-07", time, start: `2026-12-07T${time}:00+04:00` });
const slots = [slot("09:30"), slot("11:00"), slot("14:00")];

const meta = {
  title: "Components/Forms/NextFreeTimes",
  component: NextFreeTimes,
  args: { slots, label: (s) => s.time, onPick: fn() },
  render: (args, context) => (
    <NextFreeTimes {...args} label={(s) => slotLabel(new Date(s.start), "Asia/Dubai", "Asia/Dubai", localeOf(context))} />
  ),
} satisfies Meta<typeof NextFreeTimes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A list named "Next free times"; a tap reports the time. */
export const Times: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const list = within(canvasElement).getByRole("list", { name: translator(context)(msg`Next free times`) });
    const buttons = within(list).getAllByRole("button");
    await expect(buttons).toHaveLength(3);
    await userEvent.click(buttons[1]!);
    await expect(args.onPick).toHaveBeenCalledWith(slots[1]);
  },
};

/** While a picked time is being booked: every button waits. */
export const Booking: Story = {
  args: { disabled: true, bg: "bg" },
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole("button")) await expect(button).toBeDisabled();
  },
};

/** No free time left: nothing is shown (the caller says what happens next). */
export const None: Story = {
  args: { slots: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("list")).toBeNull();
  },
};
