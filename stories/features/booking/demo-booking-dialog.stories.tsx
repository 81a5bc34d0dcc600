import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "@chakra-ui/react";
import DemoBookingDialog from "@/features/booking/components/demo-booking-dialog";
import { translator } from "../../support/i18n";
import { fakeSlots } from "./slot-fixtures";

const now = () => new Date(2026, 10, 20, 10, 0);
const sent = fn(async () => ({ status: "sent" as const, id: "00000000-0000-4000-8000-000000000000" }));

function Harness({ initiallyOpen, submit }: { initiallyOpen: boolean; submit: typeof sent }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button m="6" onClick={() => setOpen(true)}>
        Open
      </Button>
      <DemoBookingDialog open={open} onOpenChange={setOpen} now={now} submit={submit} loadSlots={fakeSlots(now)} visitorTimeZone="Asia/Dubai" />
    </>
  );
}

const meta = {
  title: "Features/Booking/DemoBookingDialog",
  component: Harness,
  args: { initiallyOpen: true, submit: sent },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open, in Arabic (the default language). */
export const Default: Story = {
  play: async (context) => {
    const dialog = await within(document.body).findByRole("dialog");
    await expect(within(dialog).getByText(translator(context)(msg`Book your 30-minute demo`))).toBeInTheDocument();
  },
};

export const Closed: Story = { args: { initiallyOpen: false } };

/** Escape closes it. */
export const ClosesOnEscape: Story = {
  globals: { locale: "en" },
  play: async () => {
    const body = within(document.body);
    await body.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
  },
};

/** The close control closes it. */
export const ClosesOnCloseButton: Story = {
  globals: { locale: "en" },
  play: async () => {
    const body = within(document.body);
    const dialog = await body.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
  },
};

/** A complete booking closes the dialog and confirms with a toast. */
export const SubmitClosesAndConfirms: Story = {
  globals: { locale: "en" },
  play: async ({ args }) => {
    const body = within(document.body);
    const dialog = within(await body.findByRole("dialog"));
    await userEvent.type(dialog.getByLabelText(/Full name/), "Layla Haddad");
    await userEvent.type(dialog.getByLabelText(/Work email/), "layla@dunesrealty.ae");
    await userEvent.type(dialog.getByLabelText(/Phone number/), "501234567");
    await userEvent.click(dialog.getByRole("button", { name: "Open the calendar" }));
    await userEvent.click(await body.findByRole("button", { name: /November 24, 2026/ }));
    await userEvent.selectOptions(await dialog.findByLabelText(/Preferred time/), "17:00");
    await userEvent.click(dialog.getByRole("button", { name: "Schedule my demo" }));
    await waitFor(() => expect(args.submit).toHaveBeenCalled());
    await expect(await body.findByText("Demo Scheduled Successfully!")).toBeInTheDocument();
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
  },
};

/** Submitting: the button shows its loading text. */
export const Submitting: Story = {
  globals: { locale: "en" },
  args: { submit: fn(() => new Promise(() => undefined)) as unknown as typeof sent },
  play: async () => {
    const body = within(document.body);
    const dialog = within(await body.findByRole("dialog"));
    await userEvent.type(dialog.getByLabelText(/Full name/), "Omar Khalil");
    await userEvent.type(dialog.getByLabelText(/Work email/), "omar@palmkeys.ae");
    await userEvent.type(dialog.getByLabelText(/Phone number/), "501234567");
    await userEvent.click(dialog.getByRole("button", { name: "Open the calendar" }));
    await userEvent.click(await body.findByRole("button", { name: /November 25, 2026/ }));
    await userEvent.selectOptions(await dialog.findByLabelText(/Preferred time/), "09:00");
    await userEvent.click(dialog.getByRole("button", { name: "Schedule my demo" }));
    await expect(await dialog.findByRole("button", { name: /Booking your demo/ })).toBeDisabled();
  },
};
