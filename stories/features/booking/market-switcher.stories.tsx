import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DemoBookingForm } from "@/features/booking/components/demo-booking-form";
import { slotLabel } from "@/lib/booking/slot-label";
import type { SubmitResult } from "@/lib/submit/submit";
import { localeOf, startingWith, translator } from "../../support/i18n";
import { fakeMarkets, fakeSlots } from "./slot-fixtures";

/**
 * The market switcher of the booking forms (docs/markets.md): "Times for: UAE · Canada". A visitor in Dubai
 * switches to Canada, one in Toronto switches to the UAE; the times follow the market's clock, the
 * visitor's own beside them, and the booking carries the market.
 */

/** Friday 20 November 2026, 10:00 local. */
const now = () => new Date(2026, 10, 20, 10, 0);
const sent = fn(async (): Promise<SubmitResult> => ({ status: "sent", id: "00000000-0000-4000-8000-000000000000" }));
const filled = { fullName: "Sophie Martin", email: "sophie@example.com", phone: "501234567", demoDate: "2026-11-23", demoTime: "" };

const meta = {
  title: "Features/Booking/MarketSwitcher",
  component: DemoBookingForm,
  args: { now, submit: sent, onBooked: fn(), loadSlots: fakeSlots(now), loadMarkets: fakeMarkets, initialValues: filled },
  parameters: { layout: "padded" },
} satisfies Meta<typeof DemoBookingForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const firstOption = async (c: ReturnType<typeof within>, t: ReturnType<typeof translator>) => {
  const select = (await c.findByLabelText(startingWith(t(msg`Preferred time`)))) as HTMLSelectElement;
  return () => select.querySelector<HTMLOptionElement>('option[value="09:00"]');
};

/** A visitor in Dubai starts on the UAE's calendar and switches to Canada: 9:00 AM Toronto, 6:00 PM Dubai beside it. */
export const DubaiVisitorSwitchesToCanada: Story = {
  args: { visitorTimeZone: "Asia/Dubai" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const group = c.getByRole("radiogroup", { name: t(msg`Times for:`) });
    await expect(within(group).getByRole("radio", { name: locale === "en" ? "UAE" : "الإمارات" })).toBeChecked();
    let first = await firstOption(c, t);
    await waitFor(() =>
      expect(first()).toHaveTextContent(slotLabel(new Date("2026-11-23T05:00:00.000Z"), "Asia/Dubai", "Asia/Dubai", locale)),
    );
    await userEvent.click(within(group).getByText(locale === "en" ? "Canada" : "كندا"));
    first = await firstOption(c, t);
    await waitFor(() =>
      expect(first()).toHaveTextContent(slotLabel(new Date("2026-11-23T14:00:00.000Z"), "America/Toronto", "Asia/Dubai", locale)),
    );
    await userEvent.selectOptions((await c.findByLabelText(startingWith(t(msg`Preferred time`)))) as HTMLSelectElement, "09:00");
    await userEvent.click(c.getByRole("button", { name: t(msg`Schedule my demo`) }));
    await waitFor(() =>
      expect(args.submit).toHaveBeenCalledWith(expect.objectContaining({ market: "canada", demoTime: "09:00" }), expect.anything()),
    );
  },
};

/**
 * A visitor in Toronto starts on Canada's calendar, with Canada's +1 as the phone's country code, and switches
 * to the UAE: 9:00 AM Dubai, midnight Toronto beside it; the code follows, to +971 (none was typed or chosen).
 */
export const TorontoVisitorSwitchesToUae: Story = {
  // The phone is still empty: its country code may follow the market (a typed number never is re-read).
  args: { visitorTimeZone: "America/Toronto", initialValues: { ...filled, phone: "" } },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const group = c.getByRole("radiogroup", { name: t(msg`Times for:`) });
    await waitFor(() => expect(within(group).getByRole("radio", { name: locale === "en" ? "Canada" : "كندا" })).toBeChecked());
    const dial = canvasElement.querySelector<HTMLSelectElement>('select[name="countryCode-option"]')!;
    await waitFor(() => expect(dial.value).toBe("CA"));
    let first = await firstOption(c, t);
    await waitFor(() =>
      expect(first()).toHaveTextContent(slotLabel(new Date("2026-11-23T14:00:00.000Z"), "America/Toronto", "America/Toronto", locale)),
    );
    await userEvent.click(within(group).getByText(locale === "en" ? "UAE" : "الإمارات"));
    first = await firstOption(c, t);
    await waitFor(() =>
      expect(first()).toHaveTextContent(slotLabel(new Date("2026-11-23T05:00:00.000Z"), "Asia/Dubai", "America/Toronto", locale)),
    );
    await waitFor(() => expect(dial.value).toBe("AE"));
  },
};
