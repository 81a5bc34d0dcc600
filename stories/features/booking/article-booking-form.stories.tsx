import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ArticleBookingForm } from "@/features/booking/components/article-booking-form";
import { slotLabel } from "@/lib/booking/slot-label";
import type { SubmitResult } from "@/lib/submit/submit";
import { responsiveModes } from "../../../.storybook/modes";
import { inLocale, localeOf, startingWith, translator } from "../../support/i18n";
import { fakeMarkets, fakeSlots } from "./slot-fixtures";

/** Friday 20 November 2026, 10:00 local. */
const now = () => new Date(2026, 10, 20, 10, 0);
const sent = fn(async (): Promise<SubmitResult> => ({ status: "sent", id: "00000000-0000-4000-8000-000000000000" }));
const queued = fn(async (): Promise<SubmitResult> => ({ status: "queued", id: "q" }));

/**
 * The booking form under a blog post, in the story's language (its headline is the article's own sample
 * text in that language): empty, invalid, booked (the slots in Dubai and Toronto time, the confirmation
 * naming both), and queued offline.
 */
const meta = {
  title: "Features/Booking/ArticleBookingForm",
  component: ArticleBookingForm,
  args: {
    path: "/blog/dubai-market-2026",
    headline: "",
    now,
    submit: sent,
    loadSlots: fakeSlots(now),
    loadMarkets: fakeMarkets,
    visitorTimeZone: "America/Toronto",
  },
  parameters: { layout: "padded", chromatic: { modes: responsiveModes } },
  render: (args, context) => (
    <ArticleBookingForm
      {...args}
      headline={args.headline || inLocale(context, { ar: "نمِّ مبيعاتك العقارية في الإمارات", en: "Grow your UAE real-estate sales" })}
    />
  ),
} satisfies Meta<typeof ArticleBookingForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof translator>;
const fill = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};
/**
 * Types a whole value at once, as autofill does (one input event): the Booked story fills five fields and
 * must stay fast on a busy machine; the per-key behaviour is the Invalid story's.
 */
const autofill = (input: HTMLElement, value: string) => {
  const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(input, value);
  input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
};
const field = (c: ReturnType<typeof within>, t: T, label: ReturnType<typeof msg>) => c.getByLabelText(startingWith(t(label)));

export const Default: Story = {};

/** The article form's rules (docs/product.md#booking): the phone read against the chosen country, company and country required, email shape. */
export const Invalid: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await fill(field(c, t, msg`Work email`), "bad email@x");
    await fill(field(c, t, msg`Phone number`), "12345");
    await userEvent.click(c.getByRole("button", { name: t(msg`Schedule my demo`) }));
    await expect(await c.findByText(t(msg`Email must contain @ and no spaces`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Company name is required`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Please select a country`))).toBeInTheDocument();
    // Once a country is chosen, the phone is read against it.
    await userEvent.selectOptions(field(c, t, msg`Country`), "uae");
    await userEvent.click(c.getByRole("button", { name: t(msg`Schedule my demo`) }));
    await expect(await c.findByText(t(msg`This phone number is too short`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Please select a demo date`))).toBeInTheDocument();
    await expect(args.submit).not.toHaveBeenCalled();
  },
};

const pickMonday = async (c: ReturnType<typeof within>, t: T) => {
  await userEvent.click(c.getByLabelText(t(msg`Open the calendar`)));
  const cell = () => document.querySelector<HTMLElement>('[data-part="table-cell-trigger"][data-value="2026-11-23"]');
  await waitFor(() => expect(cell()).toBeVisible());
  await userEvent.click(cell()!);
  return (await c.findByLabelText(startingWith(t(msg`Preferred time`)))) as HTMLSelectElement;
};
/** A visitor in Toronto gets Canada's calendar (docs/markets.md): 4:30 PM Toronto, one clock. */
const mondayAt1630 = (context: Parameters<typeof localeOf>[0]) =>
  slotLabel(new Date("2026-11-23T21:30:00.000Z"), "America/Toronto", "America/Toronto", localeOf(context));

/** Slots (Canada's calendar on Toronto's clock for a Toronto visitor, 9:00 to 17:00) appear after a date; a taken one is not offered. */
export const SlotsAfterADate: Story = {
  args: { loadSlots: fakeSlots(now, { taken: ["10:00"] }) },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.queryByLabelText(startingWith(t(msg`Preferred time`)))).toBeNull();
    const time = await pickMonday(c, t);
    const options = Array.from(time.querySelectorAll<HTMLOptionElement>("option")).filter((o) => o.value);
    await expect(options).toHaveLength(16);
    await expect(options.map((o) => o.value)).not.toContain("10:00");
    await expect(options[14]).toHaveTextContent(mondayAt1630(context));
  },
};

/** A complete booking is sent with the article's path; the confirmation names the date and both times, then the form resets. */
export const Booked: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    autofill(field(c, t, msg`Full name`), "Sophie Martin");
    autofill(field(c, t, msg`Work email`), "sophie@northrealty.ca");
    autofill(field(c, t, msg`Phone number`), "4165550199");
    autofill(field(c, t, msg`Company`), "North Realty");
    autofill(field(c, t, msg`Country`), "canada");
    await userEvent.selectOptions(await pickMonday(c, t), "16:30");
    await userEvent.click(c.getByRole("button", { name: t(msg`Schedule my demo`) }));
    await waitFor(() => expect(args.submit).toHaveBeenCalled());
    await expect(args.submit).toHaveBeenCalledWith(
      expect.objectContaining({
        phone: "4165550199",
        country: "canada",
        demoDate: "2026-11-23",
        demoTime: "16:30",
        company: "North Realty",
        market: "canada",
      }),
      expect.objectContaining({ path: "/blog/dubai-market-2026", locale: localeOf(context) }),
    );
    const status = c.getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent(t(msg`Demo Scheduled!`)));
    await expect(status).toHaveTextContent(mondayAt1630(context));
    await expect(field(c, t, msg`Full name`)).toHaveValue("");
  },
};

/** Queued in the outbox (server unreachable): still confirmed, with a note. */
export const Queued: Story = {
  args: { submit: queued },
};
