import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { MarketRecord } from "@/features/admin-markets/api/markets";
import { MarketsEditor, type MarketsEditorProps } from "@/features/admin-markets/components/markets-editor";
import { type MarketDraft, draftOf, emptyDraft } from "@/features/admin-markets/lib/market-form";
import { startingWith, translator } from "../../support/i18n";

/**
 * Admin → Markets (owners, docs/markets.md): the markets' calendars, one being edited (Canada with a
 * holiday), a new market, a save the database refused, loading and failed.
 */
const markets: MarketRecord[] = [
  {
    id: "uae",
    name_en: "UAE",
    name_ar: "الإمارات",
    time_zone: "Asia/Dubai",
    working_days: [1, 2, 3, 4, 5],
    open_minute: 540,
    close_minute: 1050,
    slot_minutes: 30,
    min_notice_minutes: 120,
    horizon_days: 365,
    holidays: ["2026-12-02", "2026-12-03"],
    country_codes: ["AE", "SA", "QA", "KW", "BH", "OM"],
    is_default: true,
    position: 1,
  },
  {
    id: "canada",
    name_en: "Canada",
    name_ar: "كندا",
    time_zone: "America/Toronto",
    working_days: [1, 2, 3, 4, 5],
    open_minute: 540,
    close_minute: 1050,
    slot_minutes: 30,
    min_notice_minutes: 120,
    horizon_days: 365,
    holidays: ["2026-12-25"],
    country_codes: ["CA"],
    is_default: false,
    position: 2,
  },
];

/** The editor with its draft kept in the story (typing works). */
function Live(props: MarketsEditorProps) {
  const [draft, setDraft] = useState<MarketDraft | null>(props.draft);
  return (
    <MarketsEditor
      {...props}
      draft={draft}
      onChange={(d) => {
        setDraft(d);
        props.onChange(d);
      }}
      onEdit={(id) => {
        setDraft(draftOf(markets.find((m) => m.id === id)!));
        props.onEdit(id);
      }}
      onCancel={() => {
        setDraft(null);
        props.onCancel();
      }}
    />
  );
}

const meta = {
  title: "Admin/Markets/MarketsEditor",
  component: MarketsEditor,
  args: {
    status: "ready",
    markets,
    draft: null,
    isNew: false,
    saving: false,
    error: null,
    onEdit: fn(),
    onAdd: fn(),
    onChange: fn(),
    onSave: fn(),
    onCancel: fn(),
    onRetry: fn(),
  },
  render: (args) => <Live {...args} />,
  parameters: { route: "/admin/markets" },
} satisfies Meta<typeof MarketsEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};

/** Editing Canada: a holiday is added, and the calendar is saved. */
export const EditCanada: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: new RegExp(context.globals.locale === "en" ? "Canada" : "كندا") }));
    const holidays = (await c.findByLabelText(startingWith(t(msg`Holidays`)))) as HTMLTextAreaElement;
    await expect(holidays).toHaveValue("2026-12-25");
    await userEvent.click(holidays);
    await userEvent.keyboard("{End}{Enter}2026-07-01");
    await userEvent.click(c.getByRole("button", { name: t(msg`Save the calendar`) }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalled());
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: "canada", holidays: "2026-12-25\n2026-07-01" }));
  },
};

/** A new market: the save stays disabled until the id, names and zone are right. */
export const NewMarket: Story = {
  args: { draft: emptyDraft(3), isNew: true },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const save = c.getByRole("button", { name: t(msg`Save the calendar`) });
    await expect(save).toBeDisabled();
    await userEvent.click(c.getByLabelText(startingWith(t(msg`Identifier`))));
    await userEvent.paste("saudi-arabia");
    await userEvent.click(c.getByLabelText(startingWith(t(msg`Name in English`))));
    await userEvent.paste("Saudi Arabia");
    await userEvent.click(c.getByLabelText(startingWith(t(msg`Name in Arabic`))));
    await userEvent.paste("السعودية");
    await userEvent.click(c.getByLabelText(startingWith(t(msg`Time zone`))));
    await userEvent.paste("Asia/Riyadh");
    await waitFor(() => expect(save).toBeEnabled());
  },
};

export const SaveRefused: Story = {
  args: { draft: draftOf(markets[1]!), error: "The calendar could not be saved: new row violates row-level security policy" },
};

export const Loading: Story = { args: { status: "loading", markets: [] } };
export const Failed: Story = { args: { status: "failed", markets: [] } };
