import { msg, plural } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { TodaysDemosCardView } from "@/features/admin-agenda/components/todays-demos-card";
import { localizePath } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";
import { agendaToday } from "./fixtures";

/** The dashboard card for today's demos, in the admin's language: with demos, none, loading. */
const meta = {
  title: "Admin/Agenda/TodaysDemosCard",
  component: TodaysDemosCardView,
  args: { demos: agendaToday.filter((d) => d.status === "confirmed") },
  parameters: { route: "/admin" },
} satisfies Meta<typeof TodaysDemosCardView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithDemos: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getAllByRole("listitem")).toHaveLength(2);
    const count = 2;
    const link = c.getByRole("link", {
      name: t(msg`${plural(count, { 0: "No demos today: open the agenda", one: "View today's # demo", other: "View today's # demos" })}`),
    });
    await expect(link).toHaveAttribute("href", localizePath("/admin/agenda", localeOf(context)));
  },
};

export const NoDemos: Story = {
  args: { demos: [] },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const count = 0;
    await expect(
      within(canvasElement).getByRole("link", {
        name: t(msg`${plural(count, { 0: "No demos today: open the agenda", one: "View today's # demo", other: "View today's # demos" })}`),
      }),
    ).toBeVisible();
  },
};

export const Loading: Story = { args: { demos: null } };
