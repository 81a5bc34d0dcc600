import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { CancelBookingDialog } from "@/features/admin-agenda/components/cancel-booking-dialog";
import { RescheduleDialog } from "@/features/admin-agenda/components/reschedule-dialog";
import { slotLabel } from "@/lib/booking/slot-label";
import { fakeSlots } from "../booking/slot-fixtures";
import { localeOf, startingWith, translator } from "../../support/i18n";
import { agendaToday } from "./fixtures";

/** Sunday 22 November 2026 in Dubai. */
const now = () => new Date(Date.UTC(2026, 10, 22, 6));

/**
 * The agenda's dialogs in the admin's language: cancel (with an optional reason; refused), reschedule
 * (the day's free times with the visitor's own time beside each; loading, failed, a full day, a time
 * taken a moment ago, saving).
 */
const meta = {
  title: "Admin/Agenda/Dialogs",
  component: CancelBookingDialog,
  args: { row: agendaToday[0]!, timeZone: "Asia/Dubai", onClose: fn(), onConfirm: fn() },
  parameters: { route: "/admin/agenda" },
} satisfies Meta<typeof CancelBookingDialog>;
export default meta;
type Story = StoryObj<typeof meta>;
type RescheduleStory = StoryObj<typeof RescheduleDialog>;

const openDialog = async (role: "dialog" | "alertdialog") => {
  const dialog = await within(document.body).findByRole(role);
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
};

/** Cancel: confirm with an optional reason; the visitor is emailed. */
export const Cancel: Story = {
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const d = await openDialog("alertdialog");
    const description = d.getByText(agendaToday[0]!.full_name!, { exact: false });
    await expect(description).toBeInTheDocument();
    // The name is isolated (U+2068…U+2069); Arabic separates the day and the time with its own comma.
    await expect(description.textContent).toContain(`\u2068${agendaToday[0]!.full_name!}\u2069`);
    if (localeOf(context) === "ar") {
      await expect(description.textContent).toContain("،");
      await expect(description.textContent).not.toContain(", ");
    }
    await userEvent.click(d.getByLabelText(startingWith(t(msg`Reason (optional, not sent to the visitor)`))));
    await userEvent.paste("Client asked to postpone");
    await userEvent.click(d.getByRole("button", { name: t(msg`Cancel the demo`) }));
    await expect(args.onConfirm).toHaveBeenCalledWith("Client asked to postpone");
  },
};

export const Cancelling: Story = { args: { busy: true } };

export const CancelFailed: Story = {
  render: (args, context) => (
    <CancelBookingDialog {...args} error={translator(context)(msg`The demo could not be cancelled. Please try again.`)} />
  ),
  play: async (context) => {
    const d = await openDialog("alertdialog");
    await expect(d.getByRole("alert")).toHaveTextContent(translator(context)(msg`The demo could not be cancelled. Please try again.`));
  },
};

const rescheduleArgs = {
  // A UAE demo (10:00 Dubai) of a visitor in Toronto: the free times offered are the UAE calendar's.
  row: { ...agendaToday[0]!, market_id: "uae", market_time_zone: "Asia/Dubai" },
  firstDay: "2026-11-23",
  loadSlots: fakeSlots(now, { taken: ["2026-11-23 09:30"] }),
  onClose: fn(),
  onConfirm: fn(),
};

/** Reschedule: the free times of the chosen day (a taken one is not offered), with the visitor's time beside each. */
export const Reschedule: RescheduleStory = {
  render: (args) => <RescheduleDialog {...args} />,
  args: rescheduleArgs,
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const d = await openDialog("dialog");
    const select = await d.findByLabelText(startingWith(t(msg`New time`)));
    const options = within(select)
      .getAllByRole("option")
      .filter((o) => (o as HTMLOptionElement).value);
    // 17 slots, minus the taken 09:30 and the booking's own 10:00.
    await expect(options).toHaveLength(15);
    await expect(options[0]).toHaveTextContent(
      slotLabel(new Date("2026-11-23T05:00:00.000Z"), "Asia/Dubai", "America/Toronto", localeOf(context)),
    );
    await userEvent.selectOptions(select, "2026-11-23T07:00:00.000Z");
    await userEvent.click(d.getByRole("button", { name: t(msg`Move the demo`) }));
    await waitFor(() => expect(args.onConfirm).toHaveBeenCalledWith("2026-11-23T07:00:00.000Z"));
  },
};

export const RescheduleLoading: RescheduleStory = {
  render: (args) => <RescheduleDialog {...args} />,
  args: { ...rescheduleArgs, loadSlots: fakeSlots(now, { never: true }) },
  play: async (context) => {
    const d = await openDialog("dialog");
    await expect(d.getByRole("status")).toHaveTextContent(translator(context)(msg`Loading the free times…`));
  },
};

export const RescheduleLoadFailed: RescheduleStory = {
  render: (args) => <RescheduleDialog {...args} />,
  args: { ...rescheduleArgs, loadSlots: fakeSlots(now, { fail: true }) },
  play: async (context) => {
    const d = await openDialog("dialog");
    await expect(await d.findByText(translator(context)(msg`We could not load the free times.`))).toBeVisible();
  },
};

/** A Saturday: no working hours, so nothing to choose. */
export const RescheduleDayFull: RescheduleStory = {
  render: (args) => <RescheduleDialog {...args} />,
  args: { ...rescheduleArgs, firstDay: "2026-11-28" },
  play: async (context) => {
    const t = translator(context);
    const d = await openDialog("dialog");
    await expect(
      await d.findByText(t(msg`No free time on this day (it may be a weekend or fully booked). Choose another date.`)),
    ).toBeVisible();
    await expect(d.getByRole("button", { name: t(msg`Move the demo`) })).toBeDisabled();
  },
};

export const RescheduleSlotTaken: RescheduleStory = {
  render: (args, context) => (
    <RescheduleDialog {...args} error={translator(context)(msg`That time was booked a moment ago. Please choose another one.`)} />
  ),
  args: rescheduleArgs,
  play: async (context) => {
    const d = await openDialog("dialog");
    await expect(d.getByRole("alert")).toHaveTextContent(
      translator(context)(msg`That time was booked a moment ago. Please choose another one.`),
    );
  },
};

export const RescheduleSaving: RescheduleStory = {
  render: (args) => <RescheduleDialog {...args} />,
  args: { ...rescheduleArgs, busy: true },
};
