import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { NextFreeTimes } from "@/components/forms/next-free-times";
import { slotLabel } from "@/lib/booking/slot-label";
import type { FreeSlot } from "@/lib/submit/outbox";
import { translator } from "../../support/i18n";

/**
 * The next free times after the visitor's time was taken, one tap each: in the booking form after a 409
 * and in the outbox's notice. Each label is the business's time with the visitor's own beside it where
 * the zones differ (here Dubai and Toronto). Both directions come from the story tests.
 */
const slots: FreeSlot[] = [
  { date: "2026-12-01", time: "10:30", start: "2026-12-01T06:30:00.000Z" },
  { date: "2026-12-01", time: "11:00", start: "2026-12-01T07:00:00.000Z" },
  { date: "2026-12-02", time: "09:00", start: "2026-12-02T05:00:00.000Z" },
];

const meta = {
  title: "Components/Forms/NextFreeTimes",
  component: NextFreeTimes,
  args: { slots, onPick: fn(), label: (s: FreeSlot) => s.time },
  render: (args, context) => {
    const locale = context.globals.locale === "en" ? "en" : "ar";
    return <NextFreeTimes {...args} label={(s) => slotLabel(new Date(s.start), "Asia/Dubai", "America/Toronto", locale)} />;
  },
  parameters: { layout: "padded" },
} satisfies Meta<typeof NextFreeTimes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three times; a tap picks one. */
export const Times: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const times = within(within(canvasElement).getByRole("list", { name: t(msg`Next free times`) })).getAllByRole("button");
    await expect(times).toHaveLength(3);
    await userEvent.click(times[2]!);
    await expect(args.onPick).toHaveBeenCalledWith(slots[2]);
  },
};

/** While a picked time is being booked: every time waits. */
export const Booking: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    for (const b of within(within(canvasElement).getByRole("list", { name: t(msg`Next free times`) })).getAllByRole("button"))
      await expect(b).toBeDisabled();
  },
};

/** On a phone: the times wrap onto more lines. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 260 }}>
        <Story />
      </div>
    ),
  ],
};
