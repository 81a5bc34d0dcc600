import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AgendaView } from "@/features/admin-agenda/components/agenda-view";
import { agendaToday, agendaWeek } from "./fixtures";

const meta = {
  title: "Admin/Agenda/AgendaView",
  component: AgendaView,
  args: { status: "ready", today: agendaToday, week: agendaWeek, timeZone: "Asia/Dubai", onReload: fn(), onCancel: fn(), onReschedule: fn() },
  parameters: { route: "/admin/agenda" },
} satisfies Meta<typeof AgendaView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Today's and this week's demos, Dubai time first and the visitor's own time beside it. */
export const WithDemos: Story = {};

export const WithDemosEnglish: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const today = within(c.getByRole("region", { name: "Today" }));
    await expect(today.getAllByTestId("agenda-item")).toHaveLength(3);
    await expect(today.getByText(/Visitor's time: .*1:00 AM.*Toronto/)).toBeInTheDocument();
    await expect(today.getByText("Cancelled")).toBeInTheDocument();
    await expect(today.getByText("Moved")).toBeInTheDocument();
    await userEvent.click(today.getByRole("button", { name: "Cancel the demo with Sophie Martin" }));
    await expect(args.onCancel).toHaveBeenCalledWith(agendaToday[0]);
    await userEvent.click(today.getByRole("button", { name: "Reschedule the demo with Sophie Martin" }));
    await expect(args.onReschedule).toHaveBeenCalledWith(agendaToday[0]);
    const week = within(c.getByRole("region", { name: "This week" }));
    await expect(week.getByText(/Vancouver/)).toBeInTheDocument();
  },
};

export const Empty: Story = { args: { today: [], week: [] } };

export const EmptyEnglish: Story = {
  globals: { locale: "en" },
  args: { today: [], week: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("No demos today.")).toBeInTheDocument();
    await expect(c.getByText("No other demos in the next six days.")).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { status: "loading", today: [], week: [] } };

export const Failed: Story = { globals: { locale: "en" }, args: { status: "failed", today: [], week: [] } };

export const AfterCancelling: Story = { args: { notice: "أُلغي العرض مع Sophie Martin، وأُبلغ بذلك بالبريد الإلكتروني." } };
