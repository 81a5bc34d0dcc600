import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DemoBookingForm } from "@/features/booking/components/demo-booking-form";

/** Friday 20 November 2026, 10:00 local: tomorrow (Saturday) and Sunday are weekend days. */
const now = () => new Date(2026, 10, 20, 10, 0);
const sent = fn(async () => ({ status: "sent" as const, id: "00000000-0000-4000-8000-000000000000" }));

const meta = {
  title: "Features/Booking/DemoBookingForm",
  component: DemoBookingForm,
  args: { now, submit: sent, onBooked: fn() },
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

/** The time select appears only after a date is chosen and lists the 17 slots 9:00 AM–5:00 PM. */
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
    await expect(options[0]).toHaveTextContent("9:00 AM");
    await expect(options[16]).toHaveTextContent("5:00 PM");
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
