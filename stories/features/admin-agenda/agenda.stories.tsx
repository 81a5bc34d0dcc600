import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AgendaView } from "@/features/admin-agenda/components/agenda-view";
import { isolate, slotLabelParts } from "@/lib/booking/slot-label";
import { responsiveModes } from "../../../.storybook/modes";
import { localeOf, translator } from "../../support/i18n";
import { agendaToday, agendaWeek } from "./fixtures";

/**
 * Admin → Agenda in the admin's language: today's and this week's demos on the business clock (Dubai)
 * with the visitor's own time beside it; moved and cancelled demos; empty, loading, failed, and the
 * notice after a change. On a phone each demo's card stacks (mobile modes).
 */
const meta = {
  title: "Admin/Agenda/AgendaView",
  component: AgendaView,
  args: {
    status: "ready",
    today: agendaToday,
    week: agendaWeek,
    timeZone: "Asia/Dubai",
    onReload: fn(),
    onCancel: fn(),
    onReschedule: fn(),
  },
  parameters: { route: "/admin/agenda", chromatic: { modes: responsiveModes } },
} satisfies Meta<typeof AgendaView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three demos today (one moved, one cancelled), one later in the week in Vancouver time. */
export const WithDemos: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const today = within(c.getByRole("region", { name: t(msg`Today`) }));
    await expect(today.getAllByTestId("agenda-item")).toHaveLength(3);
    const sophie = agendaToday[0]!;
    const parts = slotLabelParts(new Date(sophie.starts_at), "Asia/Dubai", sophie.visitor_time_zone, localeOf(context));
    await expect(
      today.getByText(t(msg`Visitor's time: ${isolate(parts.visitor ?? "")} ${isolate(parts.visitorPlace ?? "")}`)),
    ).toBeInTheDocument();
    await expect(today.getByText(t(msg`Cancelled`))).toBeInTheDocument();
    await expect(today.getByText(t(msg`Moved`))).toBeInTheDocument();
    const name = sophie.full_name ?? "";
    await userEvent.click(today.getByRole("button", { name: t(msg`Cancel the demo with ${name}`) }));
    await expect(args.onCancel).toHaveBeenCalledWith(sophie);
    await userEvent.click(today.getByRole("button", { name: t(msg`Reschedule the demo with ${name}`) }));
    await expect(args.onReschedule).toHaveBeenCalledWith(sophie);
    // A cancelled demo cannot be changed.
    const cancelledName = agendaToday[2]!.full_name ?? "";
    await expect(today.queryByRole("button", { name: t(msg`Cancel the demo with ${cancelledName}`) })).toBeNull();
    const week = within(c.getByRole("region", { name: t(msg`This week`) }));
    await expect(week.getAllByTestId("agenda-item")).toHaveLength(1);
  },
};

export const Empty: Story = {
  args: { today: [], week: [] },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`No demos today.`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`No other demos in the next six days.`))).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { status: "loading", today: [], week: [] } };

export const Failed: Story = {
  args: { status: "failed", today: [], week: [] },
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
