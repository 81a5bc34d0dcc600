import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AgendaView } from "@/features/admin-agenda/components/agenda-view";
import { isolate } from "@/lib/booking/slot-label";
import { formatZoned } from "@/lib/staff-clock/staff-clock";
import { responsiveModes } from "../../../.storybook/modes";
import { localeOf, translator } from "../../support/i18n";
import { AGENDA_NOW, agendaManyUpcoming, agendaNextYear, agendaToday, agendaWeek } from "./fixtures";

/**
 * Admin → Agenda in the admin's language, on the member's clock (Dubai here) with the market's and the
 * visitor's beside it: a week, a day, the list of upcoming demos a page at a time, cancelled ones; each
 * demo links to its lead. Empty, loading, failed, and the notice after a change.
 */
const meta = {
  title: "Admin/Agenda/AgendaView",
  component: AgendaView,
  args: {
    status: "ready",
    query: { view: "week", filter: "all", date: "2026-11-23", page: 0 },
    rows: [...agendaToday, ...agendaWeek],
    timeZone: "Asia/Dubai",
    now: AGENDA_NOW,
    onQueryChange: fn(),
    onReload: fn(),
    onCancel: fn(),
    onReschedule: fn(),
  },
  parameters: { route: "/admin/agenda", chromatic: { modes: responsiveModes } },
} satisfies Meta<typeof AgendaView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A week: three demos on Monday (one moved, one cancelled), one on Wednesday; Toronto's demo shows the market's clock. */
export const Week: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    await expect(c.getAllByTestId("agenda-item")).toHaveLength(4);
    const sophie = agendaToday[0]!;
    const market = formatZoned(sophie.starts_at, "America/Toronto", locale, "time");
    await expect(c.getByText(t(msg`Market time: ${isolate(market)}`))).toBeInTheDocument();
    // Each name opens its lead.
    await expect(c.getByRole("link", { name: sophie.full_name! })).toHaveAttribute("href", expect.stringContaining("/admin/leads?lead=l1"));
    await expect(c.getByText(t(msg`Cancelled`), { selector: "span" })).toBeInTheDocument();
    const name = sophie.full_name ?? "";
    await userEvent.click(c.getByRole("button", { name: t(msg`Cancel the demo with ${name}`) }));
    await expect(args.onCancel).toHaveBeenCalledWith(sophie);
    await userEvent.click(c.getByRole("button", { name: t(msg`Reschedule the demo with ${name}`) }));
    await expect(args.onReschedule).toHaveBeenCalledWith(sophie);
    const cancelledName = agendaToday[2]!.full_name ?? "";
    await expect(c.queryByRole("button", { name: t(msg`Cancel the demo with ${cancelledName}`) })).toBeNull();
    // The next week, and the day view.
    await userEvent.click(c.getByRole("button", { name: t(msg`Later`) }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ date: "2026-11-30" }));
    await userEvent.click(c.getByRole("button", { name: t(msg`Day`) }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ view: "day" }));
  },
};

/** A day a year ahead, reached with "Go to date". */
export const DayAYearAhead: Story = {
  args: { query: { view: "day", filter: "all", date: "2027-11-23", page: 0 }, rows: [agendaNextYear] },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getAllByTestId("agenda-item")).toHaveLength(1);
    await expect(c.getByRole("link", { name: agendaNextYear.full_name! })).toHaveAttribute("href", expect.stringContaining("lead=l5"));
    await expect(args.onQueryChange).not.toHaveBeenCalled();
  },
};

/** The list of upcoming demos: a full page, and a next page. */
export const ListUpcoming: Story = {
  args: { query: { view: "list", filter: "upcoming", date: "2026-11-23", page: 0 }, rows: agendaManyUpcoming },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getAllByTestId("agenda-item")).toHaveLength(25);
    await expect(c.getByRole("button", { name: t(msg`Previous page`) })).toBeDisabled();
    await userEvent.click(c.getByRole("button", { name: t(msg`Next page`) }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 }));
    await userEvent.click(c.getByRole("button", { name: t(msg`Cancelled`) }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ filter: "cancelled", page: 0 }));
  },
};

/** Cancelled demos: who cancelled, when and why; nothing to change. */
export const ListCancelled: Story = {
  args: { query: { view: "list", filter: "cancelled", date: "2026-11-23", page: 0 }, rows: [agendaToday[2]!] },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(/Asked to be called next month/)).toBeInTheDocument();
    await expect(c.queryByRole("button", { name: t(msg`Reschedule`) })).toBeNull();
    await expect(c.getByRole("button", { name: t(msg`Next page`) })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    await expect(within(canvasElement).getByText(t(msg`No demos here.`))).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { status: "loading", rows: [] } };

export const Failed: Story = {
  args: { status: "failed", rows: [] },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Could not load the agenda`))).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: t(msg`Try again`) }));
    await expect(args.onReload).toHaveBeenCalled();
  },
};

const nameOf = (r: { full_name: string | null; email: string | null }) => r.full_name || r.email || "";

/** After a cancellation: the notice is announced politely, in the admin's language. */
export const AfterCancelling: Story = {
  render: (args, context) => {
    const t = translator(context);
    const cancelled = agendaToday[0]!;
    return <AgendaView {...args} notice={t(msg`Demo with ${nameOf(cancelled)} cancelled. They have been emailed.`)} />;
  },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const cancelled = agendaToday[0]!;
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      t(msg`Demo with ${nameOf(cancelled)} cancelled. They have been emailed.`),
    );
  },
};
