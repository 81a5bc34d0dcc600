import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DemoBookingForm } from "@/features/booking/components/demo-booking-form";
import { isolate, slotLabel, zonePlace } from "@/lib/booking/slot-label";
import type { SubmitResult } from "@/lib/submit/submit";
import { responsiveModes } from "../../../.storybook/modes";
import { localeOf, startingWith, translator } from "../../support/i18n";
import { fakeMarkets, fakeSlots } from "./slot-fixtures";

/**
 * The demo booking form in the story's language, every state: empty, invalid, a date chosen (the day's
 * free times on Dubai's clock), sending, refused by the server (a field, the whole form, a slot taken a
 * moment ago with the next free times), a visitor in another time zone, a full day, slots loading and
 * failing. Play functions wait for what the form shows (never for a fixed time).
 */

/** Friday 20 November 2026, 10:00 local: tomorrow (Saturday) and Sunday are weekend days. */
const now = () => new Date(2026, 10, 20, 10, 0);
const sent = fn(async (): Promise<SubmitResult> => ({ status: "sent", id: "00000000-0000-4000-8000-000000000000" }));
const never = fn((): Promise<SubmitResult> => new Promise(() => undefined));
const rejected = (fields: Record<string, string>, extra: Partial<Extract<SubmitResult, { status: "rejected" }>> = {}) =>
  fn(async (): Promise<SubmitResult> => ({ status: "rejected", id: "x", message: "Invalid submission", fields, ...extra }));

const meta = {
  title: "Features/Booking/DemoBookingForm",
  component: DemoBookingForm,
  args: { now, submit: sent, onBooked: fn(), loadSlots: fakeSlots(now), loadMarkets: fakeMarkets, visitorTimeZone: "Asia/Dubai" },
  parameters: { layout: "padded", chromatic: { modes: responsiveModes } },
} satisfies Meta<typeof DemoBookingForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof translator>;
const fields = (c: ReturnType<typeof within>, t: T) => ({
  name: () => c.getByLabelText(startingWith(t(msg`Full name`))),
  email: () => c.getByLabelText(startingWith(t(msg`Work email`))),
  phone: () => c.getByLabelText(startingWith(t(msg`Phone number`))),
  time: async () => (await c.findByLabelText(startingWith(t(msg`Preferred time`)))) as HTMLSelectElement,
  noTime: () => c.queryByLabelText(startingWith(t(msg`Preferred time`))),
  schedule: () => c.getByRole("button", { name: t(msg`Schedule my demo`) }),
});
const fill = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};
/** A day of the open calendar, by its ISO date (the cell's accessible name is the date in the story's language). */
const dayCell = (date: string) => document.querySelector<HTMLElement>(`[data-part="table-cell-trigger"][data-value="${date}"]`);

export const Default: Story = {};

/** Submitting with bad values shows every rule's message (docs/product.md#booking) and sends nothing. */
export const Invalid: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const f = fields(c, t);
    await fill(f.name(), "A");
    await fill(f.email(), "not-an-email");
    // Typed as it is: what is wrong is said, not silently taken away.
    await userEvent.type(f.phone(), "12ab3");
    await expect(f.phone()).toHaveValue("12ab3");
    await userEvent.click(f.schedule());
    await expect(await c.findByText(t(msg`Full name is required`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Please enter a valid email address`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`A phone number has only digits, spaces, dashes, brackets and a + at the start`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Please select a demo date`))).toBeInTheDocument();
    await expect(c.queryByText(t(msg`Company name is required`))).toBeNull();
    await expect(args.submit).not.toHaveBeenCalled();
  },
};

/** The time select appears only after a date is chosen (weekends and past days are disabled) and lists the 17 slots 9:00–17:00, Dubai time. */
export const WithDate: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const f = fields(c, t);
    await expect(f.noTime()).toBeNull();
    await userEvent.click(c.getByLabelText(t(msg`Open the calendar`)));
    // Saturday 21 and Sunday 22 are disabled, and the past; today stays open while a slot is after the two hours' notice (docs/markets.md).
    await waitFor(() => expect(dayCell("2026-11-23")).toBeVisible());
    for (const day of ["2026-11-19", "2026-11-21", "2026-11-22"]) await expect(dayCell(day)).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(dayCell("2026-11-23")!);
    const time = await f.time();
    const options = Array.from(time.querySelectorAll<HTMLOptionElement>("option")).filter((o) => o.value);
    await expect(options).toHaveLength(17);
    await expect(options[0]).toHaveTextContent(slotLabel(new Date("2026-11-23T05:00:00.000Z"), "Asia/Dubai", "Asia/Dubai", locale));
    await expect(options[16]).toHaveTextContent(slotLabel(new Date("2026-11-23T13:00:00.000Z"), "Asia/Dubai", "Asia/Dubai", locale));
    const businessPlace = zonePlace("Asia/Dubai", locale);
    await expect(c.getByText(t(msg`Times are ${isolate(businessPlace)} time.`))).toBeInTheDocument();
  },
};

/** A complete booking is sent with the chosen slot; the form then resets (the date cleared, the time select gone). */
export const Booked: Story = {
  args: { initialValues: { demoDate: "2026-11-23" } },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const f = fields(c, t);
    const time = await f.time();
    await fill(f.name(), "Layla Haddad");
    await fill(f.email(), "layla@dunesrealty.ae");
    await fill(f.phone(), "+971 50 123 4567");
    await userEvent.selectOptions(time, "10:30");
    await userEvent.click(f.schedule());
    await waitFor(() => expect(args.submit).toHaveBeenCalled());
    await expect(args.submit).toHaveBeenCalledWith(
      expect.objectContaining({
        fullName: "Layla Haddad",
        email: "layla@dunesrealty.ae",
        countryCode: "+971",
        countryIso: "AE",
        phone: "+971 50 123 4567",
        demoDate: "2026-11-23",
        demoTime: "10:30",
      }),
      expect.objectContaining({ locale: localeOf(context) }),
    );
    await waitFor(() => expect(args.onBooked).toHaveBeenCalled());
    await waitFor(() => expect(f.noTime()).toBeNull());
    await expect(f.name()).toHaveValue("");
  },
};

const complete = { fullName: "Omar Khalil", email: "omar@palmkeys.ae", phone: "501234567", demoDate: "2026-11-24", demoTime: "11:00" };

/** While the booking is being sent the button says so. */
export const Submitting: Story = {
  args: { submit: never, initialValues: complete },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await fields(c, t).time();
    await userEvent.click(fields(c, t).schedule());
    await expect(await c.findByRole("button", { name: startingWith(t(msg`Booking your demo…`)) })).toBeDisabled();
  },
};

/** The server refused a field: the message shows and the typed values stay. */
export const ServerRejected: Story = {
  args: { submit: rejected({ email: "Please enter a valid email address" }), initialValues: complete },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await fields(c, t).time();
    await userEvent.click(fields(c, t).schedule());
    await expect(await c.findByText(t(msg`Please enter a valid email address`))).toBeInTheDocument();
    await expect(fields(c, t).name()).toHaveValue("Omar Khalil");
  },
};

/** The server refused a field this form does not show: one message for the whole form, details kept. */
export const ServerRejectedFormLevel: Story = {
  args: { submit: rejected({ page_path: "Unknown page" }), initialValues: complete },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await fields(c, t).time();
    await userEvent.click(fields(c, t).schedule());
    await expect(await c.findByRole("alert")).toHaveTextContent(
      t(msg`We could not accept these details. Please check them and try again.`),
    );
    await expect(fields(c, t).name()).toHaveValue("Omar Khalil");
  },
};

const filled = {
  fullName: "Sophie Martin",
  email: "sophie@northrealty.ca",
  countryCode: "+1",
  phone: "4165550199",
  demoDate: "2026-11-23",
  demoTime: "",
};

/**
 * A visitor in Toronto who chose the UAE's calendar (docs/markets.md): every slot names Dubai time and,
 * beside it, Toronto time (midnight for the first slot).
 */
export const TorontoVisitor: Story = {
  args: { visitorTimeZone: "America/Toronto", initialValues: { ...filled, countryCode: "+971" }, pageMarket: "uae" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const time = await fields(c, t).time();
    const first = time.querySelector<HTMLOptionElement>('option[value="09:00"]')!;
    await expect(first).toHaveTextContent(slotLabel(new Date("2026-11-23T05:00:00.000Z"), "Asia/Dubai", "America/Toronto", locale));
    await expect(first.textContent).toContain(zonePlace("America/Toronto", locale));
    const businessPlace = zonePlace("Asia/Dubai", locale);
    const visitorPlace = zonePlace("America/Toronto", locale);
    await expect(
      c.getByText(t(msg`Times are ${isolate(businessPlace)} time, with your own time (${isolate(visitorPlace)}) beside each.`)),
    ).toBeInTheDocument();
  },
};

/** A slot someone already booked is not offered. */
export const TakenSlotNotOffered: Story = {
  args: { loadSlots: fakeSlots(now, { taken: ["10:30", "11:00"] }), initialValues: filled },
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    const time = await fields(c, translator(context)).time();
    const values = Array.from(time.querySelectorAll<HTMLOptionElement>("option"), (o) => o.value).filter(Boolean);
    await expect(values).toHaveLength(15);
    await expect(values).not.toContain("10:30");
    await expect(values).not.toContain("11:00");
  },
};

/** Every slot of the day is taken. */
export const DayFullyBooked: Story = {
  args: {
    loadSlots: fakeSlots(now, {
      taken: Array.from({ length: 17 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`),
    }),
    initialValues: filled,
  },
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    await expect(
      await c.findByText(translator(context)(msg`Every time on this day is booked. Please choose another day.`)),
    ).toBeInTheDocument();
  },
};

export const SlotsLoading: Story = {
  args: { loadSlots: fakeSlots(now, { never: true }), initialValues: filled },
  play: async ({ canvasElement, ...context }) => {
    await expect(await within(canvasElement).findByText(translator(context)(msg`Loading the free times…`))).toBeInTheDocument();
  },
};

/** The free times could not be read: a clear message and a retry. */
export const SlotsFailed: Story = {
  args: { loadSlots: fakeSlots(now, { fail: true }), initialValues: filled },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(await c.findByText(t(msg`We could not load the free times.`))).toBeInTheDocument();
    await expect(c.getByRole("button", { name: t(msg`Try again`) })).toBeInTheDocument();
  },
};

const nextSlots = [
  { date: "2026-11-23", time: "11:00", start: "2026-11-23T07:00:00.000Z" },
  { date: "2026-11-23", time: "11:30", start: "2026-11-23T07:30:00.000Z" },
  { date: "2026-11-24", time: "09:00", start: "2026-11-24T05:00:00.000Z" },
];

/** Two visitors raced for 10:30 and the other one won (HTTP 409): the details stay, the next free times are offered. */
export const SlotConflict: Story = {
  args: {
    submit: rejected({ demoTime: "This time is no longer available" }, { httpStatus: 409, nextSlots }),
    visitorTimeZone: "America/Toronto",
    initialValues: { ...filled, demoTime: "10:30" },
  },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const f = fields(c, t);
    await f.time();
    await userEvent.click(f.schedule());
    await expect(await c.findByText(t(msg`Someone booked this time a moment ago.`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`This time is no longer available. Please choose another one.`))).toBeInTheDocument();
    await expect(f.name()).toHaveValue("Sophie Martin");
    const list = c.getByRole("list", { name: t(msg`Next free times`) });
    const buttons = within(list).getAllByRole("button");
    await expect(buttons).toHaveLength(3);
    // The visitor's +1 number gives Canada's calendar: the offered times are on Toronto's clock.
    await expect(buttons[2]).toHaveTextContent(slotLabel(new Date(nextSlots[2]!.start), "America/Toronto", "America/Toronto", locale));
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(c.queryByText(t(msg`Someone booked this time a moment ago.`))).toBeNull());
    await waitFor(async () => expect(await f.time()).toHaveValue("11:00"));
    await expect(args.submit).toHaveBeenCalledTimes(1);
  },
};
