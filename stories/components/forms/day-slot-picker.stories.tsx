import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DaySlotPicker } from "@/components/forms/day-slot-picker";
import type { DaySlot } from "@/lib/booking/booking-slots-client";
import { translator } from "../../support/i18n";

/**
 * A new date, then a free time of that day (the admin's reschedule dialog, the visitor's booking page):
 * loading, a failed read with Try again, a day without free time, the list of free times. Both
 * directions from the toolbar; both locales in the story tests, the texts the app passes in the story's
 * language (the booking page's "no free time", the reschedule dialog's note on the visitor's time).
 */
const noFreeTime = msg`No free time on this day. Please choose another date.`;
const visitorTimeNote = msg`The visitor's own time is shown beside each time when it differs.`;
const slot = (time: string): DaySlot => ({ date: "2026-12-07", time, start: `2026-12-07T${time}:00+04:00`, free: true });
const slots = [slot("09:00"), slot("09:30"), slot("14:00")];

const meta = {
  title: "Components/Forms/DaySlotPicker",
  component: DaySlotPicker,
  args: {
    date: "2026-12-07",
    min: "2026-11-30",
    state: { status: "ready", timeZone: "Asia/Dubai", slots },
    slots,
    start: "",
    emptyText: "",
    onDateChange: fn(),
    onStartChange: fn(),
    onRetry: fn(),
  },
  render: (args, context) => {
    const t = translator(context);
    return <DaySlotPicker {...args} emptyText={t(noFreeTime)} timeHelperText={args.timeHelperText ? t(visitorTimeNote) : undefined} />;
  },
} satisfies Meta<typeof DaySlotPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The day's free times; choosing one reports its start. */
export const FreeTimes: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole("combobox");
    await expect(within(select).getAllByRole("option")).toHaveLength(4);
    await userEvent.selectOptions(select, slots[1]!.start);
    await expect(args.onStartChange).toHaveBeenCalledWith(slots[1]!.start);
  },
};

/** Seen from Toronto: each time in the market's clock with the viewer's beside it, and the note that says so. */
export const FreeTimesFromToronto: Story = {
  args: { visitorTimeZone: "America/Toronto", timeHelperText: true },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(visitorTimeNote))).toBeVisible();
  },
};

/** Reading the day's times, as plain text (the visitor's page). */
export const Loading: Story = {
  args: { state: { status: "loading" }, slots: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeVisible();
  },
};

/** Reading the day's times, with a spinner (the admin's dialog). */
export const LoadingWithSpinner: Story = {
  args: { state: { status: "loading" }, slots: [], spinner: true },
};

/** The read failed: Try again asks once more. */
export const Failed: Story = {
  args: { state: { status: "error" }, slots: [], announce: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toBeVisible();
    await userEvent.click(canvas.getByRole("button"));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** A day with no free time left. */
export const DayFull: Story = {
  args: { state: { status: "ready", timeZone: "Asia/Dubai", slots: [] }, slots: [], announce: true },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(translator(context)(noFreeTime));
  },
};

/** A new date clears the chosen time. */
export const NewDateClearsTime: Story = {
  args: { start: slots[0]!.start },
  play: async ({ canvasElement, args }) => {
    const date = canvasElement.querySelector<HTMLInputElement>('input[type="date"]')!;
    await userEvent.clear(date);
    await userEvent.type(date, "2026-12-08");
    await expect(args.onStartChange).toHaveBeenCalledWith("");
  },
};
