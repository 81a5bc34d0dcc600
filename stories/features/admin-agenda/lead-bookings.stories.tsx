import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LeadBookingsView } from "@/features/admin-agenda/components/lead-bookings";
import { isolate } from "@/lib/booking/slot-label";
import { formatZoned } from "@/lib/staff-clock/staff-clock";
import { localeOf, translator } from "../../support/i18n";
import { AGENDA_NOW, agendaToday } from "./fixtures";

/** A lead's demo in the lead dialog: its current time on the member's and the market's clocks, status, and changes. */
const meta = {
  title: "Admin/Agenda/LeadBookings",
  component: LeadBookingsView,
  args: {
    status: "ready",
    rows: [agendaToday[0]!],
    timeZone: "Asia/Dubai",
    now: AGENDA_NOW,
    onReschedule: fn(),
    onCancel: fn(),
    onRetry: fn(),
  },
  parameters: { route: "/admin/leads" },
} satisfies Meta<typeof LeadBookingsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Toronto demo seen from Dubai: both clocks, and Reschedule / Cancel. */
export const Confirmed: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const row = agendaToday[0]!;
    await expect(c.getByTestId("lead-booking-time")).toHaveTextContent(formatZoned(row.starts_at, "Asia/Dubai", locale, "weekdayDateTime"));
    const market = formatZoned(row.starts_at, "America/Toronto", locale, "weekdayDateTime");
    await expect(c.getByText(t(msg`Market time: ${isolate(market)}`))).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: t(msg`Reschedule`) }));
    await expect(args.onReschedule).toHaveBeenCalledWith(row);
  },
};

/** Moved, then cancelled: the lead says so (no stale time, nothing to change). */
export const MovedThenCancelled: Story = {
  args: {
    rows: [{ ...agendaToday[1]!, status: "cancelled", cancelled_at: "2026-11-22T09:00:00.000Z" }],
  },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Cancelled`))).toBeInTheDocument();
    await expect(c.queryByRole("button", { name: t(msg`Reschedule`) })).toBeNull();
  },
};

export const Failed: Story = {
  args: { status: "failed", rows: [] },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    await userEvent.click(within(canvasElement).getByRole("button", { name: t(msg`Try again`) }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
