import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ArticleBookingForm } from "@/features/booking/components/article-booking-form";
import { fakeSlots } from "./slot-fixtures";

/** Friday 20 November 2026, 10:00 local. */
const now = () => new Date(2026, 10, 20, 10, 0);
const sent = fn(async () => ({ status: "sent" as const, id: "00000000-0000-4000-8000-000000000000" }));

const meta = {
  title: "Features/Booking/ArticleBookingForm",
  component: ArticleBookingForm,
  args: { path: "/blog/dubai-market-2026", headline: "Grow your UAE real-estate sales", now, submit: sent, loadSlots: fakeSlots(now), visitorTimeZone: "America/Toronto" },
  parameters: { layout: "padded" },
} satisfies Meta<typeof ArticleBookingForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = { globals: { locale: "en" }, args: { headline: "Scale your Canadian brokerage" } };

/** The article form's rules (docs/product.md#booking): 10-digit phone, company and country required, email shape. */
export const Invalid: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(/Work email/), "bad email@x");
    await userEvent.type(c.getByLabelText(/Phone number/), "12345");
    await userEvent.click(c.getByRole("button", { name: "Schedule my demo" }));
    await expect(await c.findByText("Email must contain @ and no spaces")).toBeInTheDocument();
    await expect(c.getByText("Phone number must be exactly 10 digits")).toBeInTheDocument();
    await expect(c.getByText("Company name is required")).toBeInTheDocument();
    await expect(c.getByText("Please select a country")).toBeInTheDocument();
    await expect(c.getByText("Please select a demo date")).toBeInTheDocument();
    await expect(args.submit).not.toHaveBeenCalled();
  },
};

/** Slots (Dubai time, Toronto time beside) appear after a date; a taken one is not offered; success names the date and both times, then resets. */
export const Booked: Story = {
  globals: { locale: "en" },
  args: { loadSlots: fakeSlots(now, { taken: ["10:00"] }) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const body = within(document.body);
    await expect(c.queryByLabelText(/Preferred time/)).toBeNull();
    await userEvent.type(c.getByLabelText(/Full name/), "Sophie Martin");
    await userEvent.type(c.getByLabelText(/Work email/), "sophie@northrealty.ca");
    await userEvent.type(c.getByLabelText(/Phone number/), "(416) 555-0199");
    await userEvent.type(c.getByLabelText(/^Company/), "North Realty");
    await userEvent.selectOptions(c.getByLabelText(/^Country/), "canada");
    await userEvent.click(c.getByRole("button", { name: "Open the calendar" }));
    await userEvent.click(await body.findByRole("button", { name: /November 23, 2026/ }));
    const time = await c.findByLabelText(/Preferred time/);
    const options = within(time).getAllByRole("option").filter((o) => (o as HTMLOptionElement).value);
    await expect(options).toHaveLength(16);
    await expect(options.map((o) => (o as HTMLOptionElement).value)).not.toContain("10:00");
    await expect(options[14]).toHaveTextContent(/4:30 PM.*Dubai.*7:30 AM.*Toronto/);
    await userEvent.selectOptions(time, "16:30");
    await userEvent.click(c.getByRole("button", { name: "Schedule my demo" }));
    await waitFor(() => expect(args.submit).toHaveBeenCalled());
    const [input, opts] = (args.submit as ReturnType<typeof fn>).mock.calls[0] as [Record<string, unknown>, Record<string, unknown>];
    await expect(input).toMatchObject({ phone: "4165550199", country: "canada", demoDate: "2026-11-23", demoTime: "16:30", company: "North Realty" });
    await expect(opts).toMatchObject({ path: "/blog/dubai-market-2026", locale: "en" });
    await expect(await c.findByText("Demo Scheduled!")).toBeInTheDocument();
    await expect(c.getByText(/Monday, November 23, 2026 at .*4:30 PM.*Dubai.*7:30 AM.*Toronto/)).toBeInTheDocument();
    await expect(c.getByLabelText(/Full name/)).toHaveValue("");
  },
};

/** Queued in the outbox (server unreachable): still confirmed, with a note. */
export const Queued: Story = {
  globals: { locale: "ar" },
  args: { submit: fn(async () => ({ status: "queued" as const, id: "q" })) as never },
};
