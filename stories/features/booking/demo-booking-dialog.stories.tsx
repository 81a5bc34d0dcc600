import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "@chakra-ui/react";
import DemoBookingDialog, { type DemoBookingDialogProps } from "@/features/booking/components/demo-booking-dialog";
import type { SubmitResult } from "@/lib/submit/submit";
import { responsiveModes } from "../../../.storybook/modes";
import { localizePath } from "@/lib/i18n/locale";
import { containing, localeOf, startingWith, translator } from "../../support/i18n";
import { fakeMarkets, fakeSlots } from "./slot-fixtures";

/** Friday 20 November 2026, 10:00 local. */
const now = () => new Date(2026, 10, 20, 10, 0);
const sent = fn(async (): Promise<SubmitResult> => ({ status: "sent", id: "00000000-0000-4000-8000-000000000000" }));
const never = fn((): Promise<SubmitResult> => new Promise(() => undefined));

/** The dialog behind a button that reopens it (labelled with the app's own "Book a demo", in the story's language). */
function Harness({
  initiallyOpen,
  submit,
  initialValues,
}: {
  initiallyOpen: boolean;
  submit: typeof sent;
  initialValues?: DemoBookingDialogProps["initialValues"];
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button m="6" onClick={() => setOpen(true)}>
        {i18n._(msg`Book a demo`)}
      </Button>
      <DemoBookingDialog
        open={open}
        onOpenChange={setOpen}
        now={now}
        submit={submit}
        initialValues={initialValues}
        loadSlots={fakeSlots(now)}
        loadMarkets={fakeMarkets}
        visitorTimeZone="Asia/Dubai"
      />
    </>
  );
}

/**
 * The booking dialog in the story's language: open, closed, closing (Escape, the close button), sending,
 * and a booking that closes it with a toast. On a phone it fills the screen (mobile modes).
 */
const meta = {
  title: "Features/Booking/DemoBookingDialog",
  component: Harness,
  args: { initiallyOpen: true, submit: sent },
  parameters: { chromatic: { modes: responsiveModes } },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const openDialog = async () => {
  const dialog = await within(document.body).findByRole("dialog");
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
};

/** A visitor who has filled everything in (the calendar and the fields have their own stories): Tuesday 24 November at 16:30. */
const complete = { fullName: "Layla Haddad", email: "layla@dunesrealty.ae", phone: "501234567", demoDate: "2026-11-24", demoTime: "16:30" };

/** Waits for the day's free times (the chosen time is then valid) and schedules. */
const schedule = async (dialog: ReturnType<typeof within>, t: ReturnType<typeof translator>) => {
  await waitFor(() => expect(dialog.getByLabelText(startingWith(t(msg`Preferred time`)))).toHaveValue("16:30"), { timeout: 5000 });
  await userEvent.click(dialog.getByRole("button", { name: t(msg`Schedule my demo`) }));
};

export const Default: Story = {
  play: async (context) => {
    const d = await openDialog();
    await expect(d.getByText(translator(context)(msg`Book your 30-minute demo`))).toBeInTheDocument();
  },
};

/**
 * The note under the form links to the privacy policy in the story's language, in a new tab (said to
 * screen readers) so that what the visitor has filled in stays in the dialog.
 */
export const PrivacyPolicyLink: Story = {
  play: async (context) => {
    const t = translator(context);
    const d = await openDialog();
    const link = d.getByRole("link", { name: containing(t(msg`privacy policy`)) });
    await expect(link).toHaveAttribute("href", localizePath("/privacy-policy", localeOf(context)));
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAccessibleName(containing(t(msg`(opens in a new tab)`)));
  },
};

export const Closed: Story = {
  args: { initiallyOpen: false },
  play: async ({ canvasElement, ...context }) => {
    // The confirmation toasts' live region is named in the page's language.
    await expect(within(document.body).getByRole("region", { name: translator(context)(msg`Notifications`) })).toBeInTheDocument();
    await userEvent.click(within(canvasElement).getByRole("button", { name: translator(context)(msg`Book a demo`) }));
    await openDialog();
  },
};

/** Escape closes it. */
export const ClosesOnEscape: Story = {
  play: async () => {
    await openDialog();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
  },
};

/** The close control closes it. */
export const ClosesOnCloseButton: Story = {
  play: async (context) => {
    const d = await openDialog();
    await userEvent.click(d.getByRole("button", { name: translator(context)(msg`Close`) }));
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
  },
};

/** A complete booking closes the dialog and confirms with a toast. */
export const SubmitClosesAndConfirms: Story = {
  args: { initialValues: complete },
  play: async ({ args, ...context }) => {
    const t = translator(context);
    await schedule(await openDialog(), t);
    await waitFor(() => expect(args.submit).toHaveBeenCalled());
    await expect(await within(document.body).findByText(t(msg`Demo Scheduled Successfully!`), {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull(), { timeout: 5000 });
  },
};

/** Submitting: the button shows its loading text. */
export const Submitting: Story = {
  args: { submit: never, initialValues: complete },
  play: async (context) => {
    const t = translator(context);
    const d = await openDialog();
    await schedule(d, t);
    await expect(await d.findByRole("button", { name: startingWith(t(msg`Booking your demo…`)) })).toBeDisabled();
  },
};
