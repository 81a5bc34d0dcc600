import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { TodaysDemosCardView } from "@/features/admin-agenda/components/todays-demos-card";
import { agendaToday } from "./fixtures";

const meta = {
  title: "Admin/Agenda/TodaysDemosCard",
  component: TodaysDemosCardView,
  args: { demos: agendaToday.filter((d) => d.status === "confirmed") },
  parameters: { route: "/admin" },
} satisfies Meta<typeof TodaysDemosCardView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithDemos: Story = {};

export const WithDemosEnglish: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("2")).toBeInTheDocument();
    await expect(c.getByText(/10:00 AM.*Sophie Martin/)).toBeInTheDocument();
    await expect(c.getByRole("link", { name: "View today's 2 demos" })).toHaveAttribute("href", "/en/admin/agenda");
  },
};

export const NoDemos: Story = { args: { demos: [] } };

export const Loading: Story = { args: { demos: null } };
