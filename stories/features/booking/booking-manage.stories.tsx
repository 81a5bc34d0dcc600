import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { ManageAnswer } from "@/features/booking/api/manage-booking";
import { BookingManage } from "@/features/booking/components/booking-manage";
import { DEFAULT_MARKETS } from "@/lib/booking/markets";
import { startingWith, translator } from "../../support/i18n";
import { fakeSlots } from "./slot-fixtures";

/**
 * The visitor's page behind their booking link (docs/markets.md): the demo (Canada, Toronto's clock, the
 * visitor in Dubai), cancelling after a confirmation, moving to another free time, and the links that no
 * longer work (used, cancelled, expired, invalid).
 */
const now = () => new Date(Date.UTC(2026, 10, 20, 15));
const canada = DEFAULT_MARKETS[1]!;
const booking = {
  startsAt: "2026-11-24T15:00:00.000Z",
  durationMinutes: 30,
  status: "confirmed" as const,
  visitorTimeZone: "Asia/Dubai",
  locale: "en" as const,
};
const cancel = fn(async (): Promise<ManageAnswer> => ({
  state: "cancelled",
  booking: { ...booking, status: "cancelled" },
  market: canada,
}));
const reschedule = fn(async (_token: string, startsAt: string): Promise<ManageAnswer> => ({
  state: "rescheduled",
  booking: { ...booking, startsAt },
  market: canada,
  token: "next",
}));

const meta = {
  title: "Features/Booking/BookingManage",
  component: BookingManage,
  args: {
    token: "t",
    state: "open",
    booking,
    market: canada,
    now,
    loadSlots: fakeSlots(now),
    visitorTimeZone: "Asia/Dubai",
    actions: { cancel, reschedule },
  },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof BookingManage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const CancelAfterConfirming: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Cancel my demo`) }));
    await userEvent.click(c.getByRole("button", { name: t(msg`Yes, cancel my demo`) }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith("t"));
    await expect(await c.findByText(t(msg`Your demo is cancelled`))).toBeInTheDocument();
  },
};

export const MoveToAnotherTime: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Choose another time`) }));
    const time = (await c.findByLabelText(startingWith(t(msg`New time`)))) as HTMLSelectElement;
    const option = time.querySelectorAll("option")[3]!;
    await userEvent.selectOptions(time, option.value);
    await userEvent.click(c.getByRole("button", { name: t(msg`Move my demo`) }));
    await waitFor(() => expect(reschedule).toHaveBeenCalledWith("t", option.value));
    await expect(await c.findByText(t(msg`Your demo has moved`))).toBeInTheDocument();
  },
};

export const LinkUsed: Story = { args: { state: "used" } };
export const Cancelled: Story = { args: { state: "cancelled", booking: { ...booking, status: "cancelled" } } };
export const Expired: Story = { args: { state: "expired", booking: undefined, market: undefined } };
export const Invalid: Story = { args: { state: "invalid", booking: undefined, market: undefined } };
