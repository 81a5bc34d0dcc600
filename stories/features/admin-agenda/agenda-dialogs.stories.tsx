import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { CancelBookingDialog } from "@/features/admin-agenda/components/cancel-booking-dialog";
import { RescheduleDialog } from "@/features/admin-agenda/components/reschedule-dialog";
import { fakeSlots } from "../booking/slot-fixtures";
import { agendaToday } from "./fixtures";

/** Sunday 22 November 2026 in Dubai. */
const now = () => new Date(Date.UTC(2026, 10, 22, 6));

const meta = {
  title: "Admin/Agenda/Dialogs",
  component: CancelBookingDialog,
  args: { row: agendaToday[0]!, timeZone: "Asia/Dubai", onClose: fn(), onConfirm: fn() },
  parameters: { route: "/admin/agenda" },
} satisfies Meta<typeof CancelBookingDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Cancel: confirm with an optional reason; the visitor is emailed. */
export const Cancel: Story = {};

export const CancelEnglish: Story = {
  globals: { locale: "en" },
  play: async ({ args }) => {
    const body = within(document.body);
    const dialog = await body.findByRole("alertdialog");
    await expect(within(dialog).getByText(/The demo with Sophie Martin on Monday, November 23/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), "Client asked to postpone");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel the demo" }));
    await expect(args.onConfirm).toHaveBeenCalledWith("Client asked to postpone");
  },
};

export const CancelFailed: Story = { globals: { locale: "en" }, args: { error: "The demo could not be cancelled. Please try again." } };

/** Reschedule: the free times of the chosen day (a taken one is not offered), with the visitor's time beside each. */
export const Reschedule: StoryObj<typeof RescheduleDialog> = {
  globals: { locale: "en" },
  render: (args) => <RescheduleDialog {...args} />,
  args: {
    row: agendaToday[0]!,
    firstDay: "2026-11-23",
    loadSlots: fakeSlots(now, { taken: ["2026-11-23 09:30"] }),
    onClose: fn(),
    onConfirm: fn(),
  },
  play: async ({ args }) => {
    const body = within(document.body);
    const dialog = within(await body.findByRole("dialog"));
    const select = await dialog.findByLabelText("New time");
    const options = within(select).getAllByRole("option").filter((o) => (o as HTMLOptionElement).value);
    // 17 slots, minus the taken 09:30 and the booking's own 10:00.
    await expect(options).toHaveLength(15);
    await expect(options[0]).toHaveTextContent(/9:00 AM.*Dubai.*12:00 AM.*Toronto/);
    await userEvent.selectOptions(select, "2026-11-23T07:00:00.000Z");
    await userEvent.click(dialog.getByRole("button", { name: "Move the demo" }));
    await waitFor(() => expect(args.onConfirm).toHaveBeenCalledWith("2026-11-23T07:00:00.000Z"));
  },
};

export const RescheduleArabic: StoryObj<typeof RescheduleDialog> = {
  globals: { locale: "ar" },
  render: (args) => <RescheduleDialog {...args} />,
  args: { ...Reschedule.args },
};

export const RescheduleSlotTaken: StoryObj<typeof RescheduleDialog> = {
  globals: { locale: "en" },
  render: (args) => <RescheduleDialog {...args} />,
  args: { ...Reschedule.args, error: "That time was booked a moment ago. Please choose another one." },
};
