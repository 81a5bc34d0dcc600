import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DemoBookingForm } from "@/features/booking/components/demo-booking-form";
import { fakeSlots } from "./slot-fixtures";

/** Friday 20 November 2026, 10:00 local: tomorrow (Saturday) and Sunday are weekend days. */
const now = () => new Date(2026, 10, 20, 10, 0);
const sent = fn(async () => ({ status: "sent" as const, id: "00000000-0000-4000-8000-000000000000" }));

const meta = {
  title: "Features/Booking/DemoBookingForm",
  component: DemoBookingForm,
  args: { now, submit: sent, onBooked: fn(), loadSlots: fakeSlots(now), visitorTimeZone: "Asia/Dubai" },
  parameters: { layout: "padded" },
} satisfies Meta<typeof DemoBookingForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = { globals: { locale: "en" } };

/** Submitting empty shows every rule's message (docs/product.md#booking) and sends nothing. */
export const Invalid: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(/Full name/), "A");
    await userEvent.type(c.getByLabelText(/Work email/), "not-an-email");
    await userEvent.type(c.getByLabelText(/Phone number/), "12ab3");
    await expect(c.getByLabelText(/Phone number/)).toHaveValue("123");
    await userEvent.click(c.getByRole("button", { name: "Schedule my demo" }));
    await expect(await c.findByText("Full name is required")).toBeInTheDocument();
    await expect(c.getByText("Please enter a valid email address")).toBeInTheDocument();
    await expect(c.getByText("Phone number must be at least 7 digits")).toBeInTheDocument();
    await expect(c.getByText("Please select a demo date")).toBeInTheDocument();
    await expect(c.queryByText("Company name is required")).toBeNull();
    await expect(args.submit).not.toHaveBeenCalled();
  },
};

export const InvalidArabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "احجز عرضي التجريبي" }));
    await expect(await c.findByText("الاسم الكامل مطلوب")).toBeInTheDocument();
  },
};

/** The time select appears only after a date is chosen and lists the 17 slots 9:00 AM–5:00 PM, Dubai time. */
export const WithDate: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByLabelText(/Preferred time/)).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Open the calendar" }));
    // Saturday 21 and Sunday 22 are disabled; today (Friday 20) and the past too.
    const cell = (day: number) => c.getByRole("button", { name: new RegExp(`November ${day}, 2026`) });
    await waitFor(() => expect(cell(23)).toBeVisible());
    await expect(cell(21)).toHaveAttribute("aria-disabled", "true");
    await expect(cell(22)).toHaveAttribute("aria-disabled", "true");
    await expect(cell(20)).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(cell(23));
    const time = await c.findByLabelText(/Preferred time/);
    const options = within(time).getAllByRole("option").filter((o) => (o as HTMLOptionElement).value);
    await expect(options).toHaveLength(17);
    await expect(options[0]).toHaveTextContent(/9:00 AM.*Dubai/);
    await expect(options[16]).toHaveTextContent(/5:00 PM.*Dubai/);
    await expect(c.getByText(/Times are .*Dubai.* time\./)).toBeInTheDocument();
    await userEvent.type(c.getByLabelText(/Full name/), "Layla Haddad");
    await userEvent.type(c.getByLabelText(/Work email/), "layla@dunesrealty.ae");
    await userEvent.type(c.getByLabelText(/Phone number/), "50 123 4567");
    await userEvent.selectOptions(time, "10:30");
    await userEvent.click(c.getByRole("button", { name: "Schedule my demo" }));
    await waitFor(() => expect(args.submit).toHaveBeenCalled());
    await expect((args.submit as ReturnType<typeof fn>).mock.calls[0]?.[0]).toMatchObject({
      fullName: "Layla Haddad",
      email: "layla@dunesrealty.ae",
      countryCode: "+971",
      phone: "501234567",
      demoDate: "2026-11-23",
      demoTime: "10:30",
    });
    await expect(args.onBooked).toHaveBeenCalled();
    // The form reset: the date is cleared and the time select is gone.
    await waitFor(() => expect(c.queryByLabelText(/Preferred time/)).toBeNull());
    await expect(c.getByLabelText(/Full name/)).toHaveValue("");
  },
};

/** While the booking is being sent the button says so. */
export const Submitting: Story = {
  globals: { locale: "en" },
  args: {
    submit: (() => new Promise(() => undefined)) as never,
    initialValues: { fullName: "Omar Khalil", email: "omar@palmkeys.ae", phone: "501234567", demoDate: "2026-11-24", demoTime: "11:00" },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Schedule my demo" }));
    await expect(await c.findByRole("button", { name: /Booking your demo/ })).toBeDisabled();
  },
};

/** The server refused a field: the message shows and the typed values stay. */
export const ServerRejected: Story = {
  globals: { locale: "en" },
  args: {
    submit: (async () => ({ status: "rejected" as const, id: "x", message: "Invalid submission", fields: { email: "Please enter a valid email address" } })) as never,
    initialValues: { fullName: "Omar Khalil", email: "omar@palmkeys.ae", phone: "501234567", demoDate: "2026-11-24", demoTime: "11:00" },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Schedule my demo" }));
    await expect(await c.findByText("Please enter a valid email address")).toBeInTheDocument();
    await expect(c.getByLabelText(/Full name/)).toHaveValue("Omar Khalil");
  },
};

/** The server refused a field this form does not show: one message for the whole form, details kept. */
const rejectedElsewhere = {
  submit: (async () => ({ status: "rejected" as const, id: "x", message: "Invalid submission", fields: { page_path: "Unknown page" } })) as never,
  initialValues: { fullName: "Omar Khalil", email: "omar@palmkeys.ae", phone: "501234567", demoDate: "2026-11-24", demoTime: "11:00" },
};

export const ServerRejectedFormLevel: Story = {
  globals: { locale: "en" },
  args: rejectedElsewhere,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Schedule my demo" }));
    await expect(await c.findByRole("alert")).toHaveTextContent("We could not accept these details. Please check them and try again.");
    await expect(c.getByLabelText(/Full name/)).toHaveValue("Omar Khalil");
  },
};

export const ServerRejectedFormLevelArabic: Story = {
  globals: { locale: "ar" },
  args: rejectedElsewhere,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "احجز عرضي التجريبي" }));
    await expect(await c.findByRole("alert")).toHaveTextContent("تعذّر قبول هذه البيانات. يرجى مراجعتها والمحاولة مرة أخرى.");
    await expect(c.getByLabelText(/الاسم الكامل/)).toHaveValue("Omar Khalil");
  },
};

const filled = { fullName: "Sophie Martin", email: "sophie@northrealty.ca", countryCode: "+1", phone: "4165550199", demoDate: "2026-11-23", demoTime: "" };

/** A visitor in Toronto: every slot names Dubai time and, beside it, Toronto time (1 AM, the night before for early slots). */
export const TorontoVisitor: Story = {
  globals: { locale: "en" },
  args: { visitorTimeZone: "America/Toronto", initialValues: filled },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const time = await c.findByLabelText(/Preferred time/);
    const first = within(time).getAllByRole("option").find((o) => (o as HTMLOptionElement).value === "09:00")!;
    await expect(first.textContent?.replace(/[\u2068\u2069\u202f]/g, (ch) => (ch === "\u202f" ? " " : ""))).toBe("9:00 AM Dubai · 12:00 AM Toronto");
    await expect(c.getByText(/with your own time \(.*Toronto.*\) beside each/)).toBeInTheDocument();
  },
};

export const TorontoVisitorArabic: Story = {
  globals: { locale: "ar" },
  args: { visitorTimeZone: "America/Toronto", initialValues: filled },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const time = await c.findByLabelText(/الوقت المفضل/);
    const first = within(time).getAllByRole("option").find((o) => (o as HTMLOptionElement).value === "09:00")!;
    await expect(first).toHaveTextContent(/دبي/);
    await expect(first).toHaveTextContent(/تورنتو/);
  },
};

/** A slot someone already booked is not offered. */
export const TakenSlotNotOffered: Story = {
  globals: { locale: "en" },
  args: { loadSlots: fakeSlots(now, { taken: ["10:30", "11:00"] }), initialValues: filled },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const time = await c.findByLabelText(/Preferred time/);
    const values = within(time).getAllByRole("option").map((o) => (o as HTMLOptionElement).value).filter(Boolean);
    await expect(values).toHaveLength(15);
    await expect(values).not.toContain("10:30");
    await expect(values).not.toContain("11:00");
  },
};

/** Every slot of the day is taken. */
export const DayFullyBooked: Story = {
  globals: { locale: "en" },
  args: { loadSlots: fakeSlots(now, { taken: Array.from({ length: 17 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`) }), initialValues: filled },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Every time on this day is booked. Please choose another day.")).toBeInTheDocument();
  },
};

export const SlotsLoading: Story = { globals: { locale: "en" }, args: { loadSlots: fakeSlots(now, { never: true }), initialValues: filled } };

/** The free times could not be read: a clear message and a retry. */
export const SlotsFailed: Story = {
  globals: { locale: "en" },
  args: { loadSlots: fakeSlots(now, { fail: true }), initialValues: filled },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("We could not load the free times.")).toBeInTheDocument();
    await expect(c.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  },
};

const nextSlots = [
  { date: "2026-11-23", time: "11:00", start: "2026-11-23T07:00:00.000Z" },
  { date: "2026-11-23", time: "11:30", start: "2026-11-23T07:30:00.000Z" },
  { date: "2026-11-24", time: "09:00", start: "2026-11-24T05:00:00.000Z" },
];
const conflict = fn(async () => ({ status: "rejected" as const, id: "x", message: "taken", fields: { demoTime: "This time is no longer available" }, httpStatus: 409, nextSlots }));

/** Two visitors raced for 10:30 and the other one won (HTTP 409): the details stay, the next free times are offered. */
export const SlotConflict: Story = {
  globals: { locale: "en" },
  args: { submit: conflict as never, visitorTimeZone: "America/Toronto", initialValues: { ...filled, demoTime: "10:30" } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await c.findByLabelText(/Preferred time/);
    await userEvent.click(c.getByRole("button", { name: "Schedule my demo" }));
    await expect(await c.findByText("Someone booked this time a moment ago.")).toBeInTheDocument();
    await expect(c.getByText("This time is no longer available. Please choose another one.")).toBeInTheDocument();
    await expect(c.getByLabelText(/Full name/)).toHaveValue("Sophie Martin");
    const list = c.getByRole("list", { name: "Next free times" });
    const buttons = within(list).getAllByRole("button");
    await expect(buttons).toHaveLength(3);
    await expect(buttons[2]).toHaveTextContent(/Tue, Nov 24.*9:00 AM.*Dubai.*Toronto/);
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(c.queryByText("Someone booked this time a moment ago.")).toBeNull());
    await waitFor(() => expect(c.getByLabelText(/Preferred time/)).toHaveValue("11:00"));
    await expect(args.submit).toHaveBeenCalledTimes(1);
  },
};

export const SlotConflictArabic: Story = {
  globals: { locale: "ar" },
  args: { submit: conflict as never, visitorTimeZone: "America/Toronto", initialValues: { ...filled, demoTime: "10:30" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByLabelText(/الوقت المفضل/);
    await userEvent.click(c.getByRole("button", { name: "احجز عرضي التجريبي" }));
    await expect(await c.findByText("حجز شخص آخر هذا الوقت قبل لحظات.")).toBeInTheDocument();
    await expect(within(c.getByRole("list", { name: "أقرب الأوقات المتاحة" })).getAllByRole("button")).toHaveLength(3);
  },
};
