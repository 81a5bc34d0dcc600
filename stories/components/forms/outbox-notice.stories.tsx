import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { OutboxNotice } from "@/components/forms/outbox-notice";
import type { Envelope, OutboxNotice as Notice } from "@/lib/submit/outbox";
import { translator } from "../../support/i18n";

/**
 * The browser outbox's messages on every public page (docs/product.md#submit): waiting to be sent; a
 * queued booking whose time was taken meanwhile (the team has the details; the next free times as
 * buttons); the time picked from it booked; a queued submission the server refused. Both directions
 * come from the story tests (Arabic and English).
 */
const booking: Envelope = {
  formType: "demo_booking",
  payload: { fullName: "Layla Nasser", email: "layla@example.com", phone: "+971501234567", demoDate: "2026-12-01", demoTime: "10:00" },
  path: "/en/blog/follow-up",
  locale: "en",
  submissionId: "5d1c6f8e-1f0a-4c1e-9a7b-2d7c1b1e0a01",
};
const requested = { date: "2026-12-01", time: "10:00", start: "2026-12-01T06:00:00.000Z" };
const nextSlots = [
  { date: "2026-12-01", time: "10:30", start: "2026-12-01T06:30:00.000Z" },
  { date: "2026-12-01", time: "11:00", start: "2026-12-01T07:00:00.000Z" },
  { date: "2026-12-02", time: "09:00", start: "2026-12-02T05:00:00.000Z" },
];
const slotLost: Notice = {
  id: booking.submissionId,
  kind: "slot_lost",
  envelope: booking,
  at: 0,
  status: 409,
  requested,
  nextSlots,
  timeZone: "Asia/Dubai",
};

const meta = {
  title: "Components/Forms/OutboxNotice",
  component: OutboxNotice,
  args: { pending: 0, notices: [], onPick: fn(), onDismiss: fn(), visitorTimeZone: "America/Toronto" },
  parameters: { layout: "fullscreen" },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof OutboxNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Something waits in the outbox. */
export const Pending: Story = { args: { pending: 1 } };

/** A queued booking met a taken slot: the details are kept; the next free times are one tap each. */
export const SlotLost: Story = {
  args: { notices: [slotLost] },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`The time you asked for was taken.`))).toBeVisible();
    const times = within(c.getByRole("list", { name: t(msg`Next free times`) })).getAllByRole("button");
    await expect(times).toHaveLength(3);
    await userEvent.click(times[1]!);
    await expect(args.onPick).toHaveBeenCalledWith(slotLost, nextSlots[1]);
    await userEvent.click(c.getByRole("button", { name: t(msg`Dismiss`) }));
    await expect(args.onDismiss).toHaveBeenCalledWith(slotLost.id);
  },
};

/** A queued booking arrived after its time had passed (the visitor was offline too long): kept, with the next free times. */
export const SlotPassed: Story = {
  args: { notices: [{ ...slotLost, passed: true }] },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`The time you asked for has passed.`))).toBeVisible();
    await expect(within(c.getByRole("list", { name: t(msg`Next free times`) })).getAllByRole("button")).toHaveLength(3);
  },
};

/** The picked time is being booked. */
export const SlotLostBooking: Story = { args: { notices: [slotLost], busy: slotLost.id } };

/** The picked time was just taken too: new free times. */
export const SlotLostRetaken: Story = { args: { notices: [{ ...slotLost, retaken: true, requested: nextSlots[0] }] } };

/** No free times could be offered: the team will call. */
export const SlotLostNoFreeTimes: Story = { args: { notices: [{ ...slotLost, nextSlots: [] }] } };

/** The time picked from the notice is booked. */
export const Rebooked: Story = {
  args: { notices: [{ ...slotLost, kind: "rebooked", booked: nextSlots[0] }] },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByText(translator(context)(msg`Demo Scheduled Successfully!`))).toBeVisible();
  },
};

/** A queued request for a call the server refused (400): what, which fields, and a way back to the form. */
export const Refused: Story = {
  args: {
    notices: [
      {
        id: "r1",
        kind: "refused",
        envelope: { ...booking, formType: "sales_lead", submissionId: "r1" },
        at: 0,
        status: 400,
        message: "Invalid submission",
        fields: { email: "Please enter a valid email address", phoneNumber: "Invalid" },
      },
    ],
  },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const what = t(msg`your request for a call`);
    await expect(c.getByText(t(msg`We could not send ${what}.`))).toBeVisible();
    await expect(c.getByRole("link", { name: t(msg`Open the form`) })).toBeVisible();
  },
};

/** Several at once, with something still waiting. */
export const SeveralWithPending: Story = {
  args: {
    pending: 2,
    notices: [
      slotLost,
      { ...slotLost, id: "b", kind: "rebooked", booked: nextSlots[2] },
      { id: "n", kind: "refused", envelope: { ...booking, formType: "newsletter", submissionId: "n" }, at: 0, status: 413, fields: {} },
    ],
  },
};
