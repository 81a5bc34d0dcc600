import { Stack } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo, useRef, useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import * as v from "valibot";
import { Form } from "@/components/forms/form";
import { DemoSlotFields } from "@/features/booking/components/demo-slot-fields";
import type { LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { DEFAULT_MARKETS } from "@/lib/booking/markets";
import { slotLabel } from "@/lib/booking/slot-label";
import type { FreeSlot } from "@/lib/submit/outbox";
import { onMobile, responsiveModes as modes } from "../../../.storybook/modes";
import { localeOf, startingWith, translator } from "../../support/i18n";
import { fakeSlots } from "./slot-fixtures";

/**
 * The booking forms' day and time (docs/product.md#booking, docs/markets.md): the market switcher, the
 * date, the day's free times and, after a slot was taken by someone else (HTTP 409), the next free
 * times. Rendered in a form of its own with fake free/busy (slot-fixtures.ts); the market is held here
 * as the forms hold it.
 */

/** Friday 20 November 2026, 10:00 local: Monday 23 is the first bookable day. */
const now = () => new Date(2026, 10, 20, 10, 0);

interface HarnessProps {
  loadSlots: LoadDaySlots;
  onMarketChange: (market: string) => void;
  onConflictDone: () => void;
  /** The next free times the server offered after a 409 (null: no conflict). */
  conflict?: FreeSlot[] | null;
  date?: string;
  time?: string;
  visitorTimeZone?: string;
  /** The first read of the day's slots fails (the retry then succeeds). */
  failFirst?: boolean;
}

function SlotFieldsInForm({
  loadSlots,
  onMarketChange,
  onConflictDone,
  conflict = null,
  date = "",
  time = "",
  visitorTimeZone = "Asia/Dubai",
  failFirst,
}: HarnessProps) {
  const [marketId, setMarketId] = useState("uae");
  const [offered, setOffered] = useState(conflict);
  const calls = useRef(0);
  const load = useMemo<LoadDaySlots>(
    () => async (day, market) => {
      if (failFirst && calls.current++ === 0) throw new Error("offline");
      return loadSlots(day, market);
    },
    [loadSlots, failFirst],
  );
  const market = DEFAULT_MARKETS.find((m) => m.id === marketId)!;
  return (
    <Form
      schema={v.object({ demoDate: v.string(), demoTime: v.string() })}
      defaultValues={{ demoDate: date, demoTime: time }}
      onSubmit={() => {}}
    >
      <Stack gap="4" maxW="lg">
        <DemoSlotFields
          now={now}
          conflict={offered}
          onConflictDone={() => {
            setOffered(null);
            onConflictDone();
          }}
          reloadKey={0}
          loadSlots={load}
          visitorTimeZone={visitorTimeZone}
          market={market}
          markets={DEFAULT_MARKETS}
          onMarketChange={(id) => {
            setMarketId(id);
            onMarketChange(id);
          }}
        />
      </Stack>
    </Form>
  );
}

const meta = {
  title: "Features/Booking/DemoSlotFields",
  component: SlotFieldsInForm,
  args: { loadSlots: fn(fakeSlots(now)), onMarketChange: fn(), onConflictDone: fn() },
  parameters: { layout: "padded" },
} satisfies Meta<typeof SlotFieldsInForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof translator>;
const timeSelect = async (c: ReturnType<typeof within>, t: T) =>
  (await c.findByLabelText(startingWith(t(msg`Preferred time`)))) as HTMLSelectElement;
const offeredTimes = (select: HTMLSelectElement) => Array.from(select.options, (o) => o.value).filter(Boolean);
const dayCell = (date: string) => document.querySelector<HTMLElement>(`[data-part="table-cell-trigger"][data-value="${date}"]`);

/** Nothing chosen: "Times for: UAE · Canada" (the UAE checked), the date and its rule, no time yet. */
export const Empty: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const group = c.getByRole("radiogroup", { name: t(msg`Times for:`) });
    const [first, second] = within(group).getAllByRole("radio");
    await expect(first).toBeChecked();
    await expect(second).not.toBeChecked();
    await expect(c.getByText(t(msg`Monday to Friday. Demos last 30 minutes.`))).toBeVisible();
    await expect(c.queryByLabelText(startingWith(t(msg`Preferred time`)))).toBeNull();
    await expect(args.loadSlots).not.toHaveBeenCalled();
  },
};

/** A day picked in the calendar: its free times are read for the UAE and offered on Dubai's clock. */
export const PickADay: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByLabelText(t(msg`Open the calendar`)));
    await waitFor(() => expect(dayCell("2026-11-23")).toBeVisible());
    await expect(dayCell("2026-11-21")).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(dayCell("2026-11-23")!);
    const select = await timeSelect(c, t);
    await expect(args.loadSlots).toHaveBeenCalledWith("2026-11-23", "uae");
    await expect(offeredTimes(select)).toHaveLength(17);
    await expect(select.options[1]).toHaveTextContent(slotLabel(new Date("2026-11-23T05:00:00.000Z"), "Asia/Dubai", "Asia/Dubai", locale));
  },
};

/**
 * A day and a time chosen on the UAE's calendar, then Canada chosen with the arrow keys: the time is
 * cleared and the day's times are read again on Toronto's clock.
 */
export const SwitchMarket: Story = {
  args: { date: "2026-11-23", time: "10:30" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    await waitFor(async () => expect(await timeSelect(c, t)).toHaveValue("10:30"));
    const [uae, canada] = within(c.getByRole("radiogroup", { name: t(msg`Times for:`) })).getAllByRole("radio");
    uae!.focus();
    // The next radio is to the left in Arabic and to the right in English.
    await userEvent.keyboard(localeOf(context) === "ar" ? "{ArrowLeft}" : "{ArrowRight}");
    await waitFor(() => expect(canada).toBeChecked());
    await expect(args.onMarketChange).toHaveBeenCalledWith("canada");
    await waitFor(() => expect(args.loadSlots).toHaveBeenCalledWith("2026-11-23", "canada"));
    const select = await timeSelect(c, t);
    await waitFor(() => expect(select).toHaveValue(""));
    await waitFor(() =>
      expect(select.querySelector('option[value="09:00"]')).toHaveTextContent(
        slotLabel(new Date("2026-11-23T14:00:00.000Z"), "America/Toronto", "Asia/Dubai", locale),
      ),
    );
  },
};

/** The day's times could not be read: Try again reads them once more and the select appears. */
export const SlotsFailedThenRetried: Story = {
  args: { date: "2026-11-23", failFirst: true },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent(t(msg`We could not load the free times.`));
    await userEvent.click(c.getByRole("button", { name: t(msg`Try again`) }));
    await expect(offeredTimes(await timeSelect(c, t))).toHaveLength(17);
    await expect(c.queryByRole("alert")).toBeNull();
  },
};

const nextSlots: FreeSlot[] = [
  { date: "2026-11-23", time: "11:00", start: "2026-11-23T07:00:00.000Z" },
  { date: "2026-11-23", time: "11:30", start: "2026-11-23T07:30:00.000Z" },
  { date: "2026-11-24", time: "09:00", start: "2026-11-24T05:00:00.000Z" },
];

/** After a 409 the next free times are offered, one button each; picking one sets the day and the time. */
export const SlotConflict: Story = {
  args: { date: "2026-11-23", conflict: nextSlots },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent(t(msg`Someone booked this time a moment ago.`));
    const buttons = within(c.getByRole("list", { name: t(msg`Next free times`) })).getAllByRole("button");
    await expect(buttons).toHaveLength(3);
    await expect(buttons[2]).toHaveTextContent(slotLabel(new Date(nextSlots[2]!.start), "Asia/Dubai", "Asia/Dubai", locale));
    buttons[2]!.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onConflictDone).toHaveBeenCalled();
    await waitFor(() => expect(c.queryByText(t(msg`Someone booked this time a moment ago.`))).toBeNull());
    await waitFor(() => expect(args.loadSlots).toHaveBeenCalledWith("2026-11-24", "uae"));
    await waitFor(async () => expect(await timeSelect(c, t)).toHaveValue("09:00"));
  },
};

/** After a 409 with no free time left nearby: the details are kept and another day is asked for. */
export const SlotConflictNothingNear: Story = {
  args: { date: "2026-11-23", conflict: [] },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Your details are still here. Please choose another day or time.`))).toBeVisible();
    await expect(c.queryByRole("list", { name: t(msg`Next free times`) })).toBeNull();
  },
};

/** On a 390 px phone: the switcher, the date and the time (with the visitor's own time) fit the screen. */
export const OnPhone: Story = {
  args: { date: "2026-11-23", visitorTimeZone: "America/Toronto" },
  globals: onMobile,
  parameters: { chromatic: { modes: { "ar mobile": modes["ar mobile"], "en mobile": modes["en mobile"] } } },
  play: async ({ canvasElement, ...context }) => {
    // The phone viewport is applied: the page is at most 390 px wide.
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(390);
    const t = translator(context);
    const c = within(canvasElement);
    const select = await timeSelect(c, t);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const control of [select, c.getByLabelText(t(msg`Open the calendar`)), c.getByRole("radiogroup", { name: t(msg`Times for:`) })]) {
      const box = control.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};
