import { Button, Stack } from "@chakra-ui/react";
import { useLingui } from "@lingui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import * as v from "valibot";
import { Form } from "@/components/forms/form";
import { FreeSlotField } from "@/features/booking/components/free-slot-field";
import { slotsOfDay } from "@/lib/booking/availability";
import { DEFAULT_MARKETS } from "@/lib/booking/markets";
import { isolate, slotLabel, zonePlace } from "@/lib/booking/slot-label";
import type { DaySlotsState } from "@/lib/booking/use-day-slots";
import { onMobile, responsiveModes as modes } from "../../../.storybook/modes";
import { localeOf, startingWith, translator } from "../../support/i18n";

/**
 * The free half-hour slots of the chosen day (docs/product.md#booking), as both booking forms show them
 * under the date: nothing before a day is chosen, loading, the free times on Dubai's clock (the
 * visitor's own beside each when it differs), some taken, none free, failed with a retry, a time
 * chosen. The field sits in a small form with the booking forms' required-time rule and submit
 * button, so choosing, keyboard use and the missing-time message are checked as a visitor meets them.
 */

/** Friday 20 November 2026, 10:00 local; the day shown is Monday 23 November. */
const now = () => new Date(2026, 10, 20, 10, 0);
const day = "2026-11-23";
const uae = DEFAULT_MARKETS[0]!;

const ready = (taken: string[] = []): DaySlotsState => ({
  status: "ready",
  timeZone: uae.timeZone,
  slots: slotsOfDay(day, now(), uae).map((s) => ({ ...s, free: !taken.includes(s.time) })),
});
const everySlot = slotsOfDay(day, now(), uae).map((s) => s.time);

interface HarnessProps {
  state: DaySlotsState;
  onRetry: () => void;
  onSubmit: (values: { demoTime: string }) => void;
  visitorTimeZone?: string;
  /** A time already chosen. */
  time?: string;
}

/** The field in a form with the booking forms' rule for the time (required). */
function SlotFieldInForm({ state, onRetry, onSubmit, visitorTimeZone = "Asia/Dubai", time = "" }: HarnessProps) {
  const { i18n } = useLingui();
  const schema = v.object({ demoTime: v.pipe(v.string(), v.nonEmpty(i18n._(msg`Please select a preferred time`))) });
  return (
    <Form schema={schema} defaultValues={{ demoTime: time }} onSubmit={(values) => onSubmit(values)}>
      <Stack gap="4" maxW="md">
        <FreeSlotField
          name="demoTime"
          label={i18n._(msg`Preferred time`)}
          placeholder={i18n._(msg`Choose a time`)}
          state={state}
          onRetry={onRetry}
          visitorTimeZone={visitorTimeZone}
          required
        />
        <Button type="submit" colorPalette="brand" alignSelf="start">
          {i18n._(msg`Schedule my demo`)}
        </Button>
      </Stack>
    </Form>
  );
}

const meta = {
  title: "Features/Booking/FreeSlotField",
  component: SlotFieldInForm,
  args: { state: ready(), onRetry: fn(), onSubmit: fn() },
  parameters: { layout: "padded" },
} satisfies Meta<typeof SlotFieldInForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof translator>;
const timeSelect = (c: ReturnType<typeof within>, t: T) => c.getByLabelText(startingWith(t(msg`Preferred time`))) as HTMLSelectElement;
const offered = (select: HTMLSelectElement) => Array.from(select.options, (o) => o.value).filter(Boolean);

/** No day chosen yet: the field is not there at all. */
export const NoDayYet: Story = {
  args: { state: { status: "idle" } },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.queryByText(startingWith(t(msg`Preferred time`)))).toBeNull();
    await expect(c.queryByRole("combobox")).toBeNull();
  },
};

/** The day's slots are being read: the label and a polite status, no select yet. */
export const Loading: Story = {
  args: { state: { status: "loading" } },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("status")).toHaveTextContent(t(msg`Loading the free times…`));
    await expect(c.getByText(startingWith(t(msg`Preferred time`)))).toBeVisible();
    await expect(c.queryByRole("combobox")).toBeNull();
  },
};

/**
 * The 17 slots from 9:00 to 17:00 on Dubai's clock. Sending without a time says what is missing and
 * marks the select invalid; a time chosen with the keyboard is then sent.
 */
export const FreeTimes: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const select = timeSelect(c, t);
    await expect(offered(select)).toEqual(everySlot);
    await expect(offered(select)).toHaveLength(17);
    await expect(select.options[1]).toHaveTextContent(slotLabel(new Date("2026-11-23T05:00:00.000Z"), "Asia/Dubai", "Asia/Dubai", locale));
    await expect(c.getByText(t(msg`Times are ${isolate(zonePlace("Asia/Dubai", locale))} time.`))).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: t(msg`Schedule my demo`) }));
    await expect(await c.findByText(t(msg`Please select a preferred time`))).toBeInTheDocument();
    await expect(select).toHaveAttribute("aria-invalid", "true");
    await expect(args.onSubmit).not.toHaveBeenCalled();
    select.focus();
    await userEvent.selectOptions(select, "10:30");
    await expect(select).toHaveValue("10:30");
    await waitFor(() => expect(c.queryByText(t(msg`Please select a preferred time`))).toBeNull());
    await userEvent.click(c.getByRole("button", { name: t(msg`Schedule my demo`) }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ demoTime: "10:30" }));
  },
};

/** Times already booked are not offered. */
export const SomeTaken: Story = {
  args: { state: ready(["09:00", "10:30", "11:00"]) },
  play: async ({ canvasElement, ...context }) => {
    const values = offered(timeSelect(within(canvasElement), translator(context)));
    await expect(values).toHaveLength(14);
    for (const taken of ["09:00", "10:30", "11:00"]) await expect(values).not.toContain(taken);
    await expect(values[0]).toBe("09:30");
  },
};

/** A visitor in Toronto: each slot names Dubai time with the visitor's own time beside it, and the helper says so. */
export const VisitorInAnotherZone: Story = {
  args: { visitorTimeZone: "America/Toronto" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const first = timeSelect(c, t).querySelector<HTMLOptionElement>('option[value="09:00"]')!;
    await expect(first).toHaveTextContent(slotLabel(new Date("2026-11-23T05:00:00.000Z"), "Asia/Dubai", "America/Toronto", locale));
    await expect(first.textContent).toContain(zonePlace("America/Toronto", locale));
    const businessPlace = zonePlace("Asia/Dubai", locale);
    const visitorPlace = zonePlace("America/Toronto", locale);
    await expect(
      c.getByText(t(msg`Times are ${isolate(businessPlace)} time, with your own time (${isolate(visitorPlace)}) beside each.`)),
    ).toBeInTheDocument();
  },
};

/** Every time of the day is booked: a status asks for another day, and there is nothing to choose. */
export const NoneFree: Story = {
  args: { state: ready(everySlot) },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("status")).toHaveTextContent(t(msg`Every time on this day is booked. Please choose another day.`));
    await expect(c.queryByRole("combobox")).toBeNull();
  },
};

/** The free times could not be read: an alert with Try again, reachable and pressed with the keyboard. */
export const Failed: Story = {
  args: { state: { status: "error" } },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const alert = c.getByRole("alert");
    await expect(alert).toHaveTextContent(t(msg`We could not load the free times.`));
    const retry = within(alert).getByRole("button", { name: t(msg`Try again`) });
    await userEvent.tab();
    await expect(retry).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledTimes(2);
  },
};

/** A time already chosen (the visitor came back to the form): it is selected and sent as it is. */
export const TimeChosen: Story = {
  args: { time: "14:00" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(timeSelect(c, t)).toHaveValue("14:00");
    await userEvent.click(c.getByRole("button", { name: t(msg`Schedule my demo`) }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ demoTime: "14:00" }));
  },
};

/** On a 390 px phone the select and its longest labels (with the visitor's own time) fit the screen. */
export const OnPhone: Story = {
  args: { visitorTimeZone: "America/Toronto" },
  globals: onMobile,
  parameters: { chromatic: { modes: { "ar mobile": modes["ar mobile"], "en mobile": modes["en mobile"] } } },
  play: async ({ canvasElement, ...context }) => {
    // The phone viewport is applied: the page is at most 390 px wide.
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(390);
    const box = timeSelect(within(canvasElement), translator(context)).getBoundingClientRect();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  },
};
