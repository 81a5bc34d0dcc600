import { msg, plural } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { ListPaging } from "@/components/data/paged-list-card";
import { LeadsInbox } from "@/features/admin-leads/components/leads-inbox";
import type { LeadsBulk } from "@/features/admin-leads/components/leads-bulk-bar";
import type { SavedViews } from "@/features/admin-leads/components/saved-views-bar";
import { defaultLeadQuery } from "@/features/admin-leads/lib/pipeline";
import { onMobile } from "../../../.storybook/modes";
import { intlLocale } from "@/lib/i18n/locale";
import { containing, localeOf, translator } from "../../support/i18n";
import { sampleOwners, samplePeople, sampleSubscribers } from "./fixtures";
import { expectFitsPhone } from "../../support/phone";

const meta = {
  title: "Admin/Leads/LeadsInbox",
  component: LeadsInbox,
  args: {
    status: "ready",
    leads: samplePeople,
    paging: {
      total: samplePeople.length,
      page: 1,
      pageCount: 1,
      pageSize: 50,
      hrefFor: (n: number) => (n > 1 ? `/admin/leads?page=${n}` : "/admin/leads"),
      onPageChange: fn(),
    },
    filtered: false,
    query: defaultLeadQuery,
    owners: sampleOwners,
    onQueryChange: fn(),
    onSearchChange: fn(),
    onOpen: fn(),
    onExport: fn(),
    onRetry: fn(),
  },
  parameters: { route: "/admin/leads" },
} satisfies Meta<typeof LeadsInbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The default paging with some of it changed. */
const paging = (changes: Partial<ListPaging>): ListPaging => ({ ...meta.args.paging, ...changes });

/** People with their status, owner and forms; the overdue one is flagged; filters report what changed. */
export const Default: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const t = translator(context);
    const c = within(canvasElement);
    const overdueRow = canvasElement.querySelector("tr[data-overdue]");
    await expect(overdueRow).not.toBeNull();
    await expect(within(overdueRow as HTMLElement).getByText(t(msg`Overdue`))).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll("tr[data-overdue]")).toHaveLength(1);
    await userEvent.selectOptions(c.getByLabelText(t(msg`Status`)), "won");
    await expect(args.onQueryChange).toHaveBeenCalledWith({ status: "won" });
    await userEvent.selectOptions(c.getByLabelText(t(msg({ message: "Owner", context: "lead owner" }))), sampleOwners[1]!.user_id);
    await expect(args.onQueryChange).toHaveBeenCalledWith({ owner: sampleOwners[1]!.user_id });
    await userEvent.click(c.getByRole("checkbox", { name: t(msg`Only overdue (new for more than 24 hours)`) }));
    await expect(args.onQueryChange).toHaveBeenCalledWith({ overdue: true });
    await userEvent.type(c.getByLabelText(t(msg`Search`)), "a");
    await expect(args.onSearchChange).toHaveBeenCalledWith("a");
    await userEvent.click(c.getAllByRole("button", { name: new RegExp(t(msg`Open`)) })[0]!);
    await expect(args.onOpen).toHaveBeenCalledWith("lead-1");
  },
};
export const Loading: Story = { args: { status: "loading", leads: [], paging: paging({ total: 0 }) } };
export const Failed: Story = { args: { status: "failed", leads: [], paging: paging({ total: 0 }) } };
export const Empty: Story = { args: { leads: [], paging: paging({ total: 0 }) } };

/** Page 2 of many: the count is the true total, and the page links keep the filters. */
export const ManyPages: Story = {
  args: {
    paging: paging({ total: 100_000, page: 2, pageCount: 2000 }),
    query: { ...defaultLeadQuery, status: "new", page: 2 },
    filtered: true,
  },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const total = 100_000;
    await expect(c.getByText(t(msg`${plural(total, { 0: "No leads", one: "# lead", other: "# leads" })}`))).toBeInTheDocument();
    const nav = c.getByRole("navigation", { name: t(msg`Lead pages`) });
    await userEvent.click(within(nav).getByRole("link", { name: containing(t(msg`Next`)) }));
    await expect(args.paging.onPageChange).toHaveBeenCalledWith(3);
  },
};
export const Exporting: Story = { args: { paging: paging({ total: 1234, pageCount: 25 }), exporting: true } };
export const ExportFailed: Story = { args: { paging: paging({ total: 1234, pageCount: 25 }), exportError: "network" } };

/** Filters from a dashboard link: this week's leads from one page, the page shown as a removable filter. */
export const FilteredBySourcePage: Story = {
  args: {
    leads: [samplePeople[1]!],
    paging: paging({ total: 1 }),
    filtered: true,
    query: { ...defaultLeadQuery, source: "/contact", from: "2026-02-23", owner: sampleOwners[1]!.user_id, sort: "activity" },
  },
  play: async (context) => {
    const t = translator(context);
    await userEvent.click(within(context.canvasElement).getByRole("button", { name: t(msg`Clear the page filter`) }));
    await expect(context.args.onQueryChange).toHaveBeenCalledWith({ source: "" });
  },
};
export const FilteredNothing: Story = {
  args: {
    leads: [],
    paging: paging({ total: 0 }),
    filtered: true,
    query: { ...defaultLeadQuery, status: "spam", overdue: true, q: "nobody" },
  },
};

/** A 390 px phone: person, status and Open fit without scrolling sideways; owner and arrival fold under the person. */
export const Phone: Story = {
  globals: onMobile,
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("columnheader", { name: t(msg`Status`) })).toBeVisible();
    await expect(c.queryByRole("columnheader", { name: t(msg`Last activity`) })).toBeNull();
    // Nothing is cut off: the table fits, nothing scrolls sideways, every Open button is on screen.
    const open = c.getAllByRole("button", { name: new RegExp(t(msg`Open`)) });
    await expect(open).toHaveLength(samplePeople.length);
    await expectFitsPhone(canvasElement, c.getByTestId("leads-table"), open);
    await userEvent.click(open[1]!);
    await expect(args.onOpen).toHaveBeenCalledWith("lead-2");
  },
};

/**
 * Filtered by a country typed by name (in either language; the database matches its ISO code): each row
 * names the lead's country in the admin's language beside the phone, grouped and kept left to right.
 */
export const FilteredByCountry: Story = {
  args: {
    leads: [samplePeople[0]!],
    paging: paging({ total: 1 }),
    filtered: true,
    query: { ...defaultLeadQuery, country: "كندا" },
  },
  play: async (context) => {
    const t = translator(context);
    const c = within(context.canvasElement);
    const country = c.getByLabelText(t(msg`Country`));
    await expect(country).toHaveValue("كندا");
    // The suggestions are every country, named in the admin's language.
    const canada = new Intl.DisplayNames([intlLocale[localeOf(context)]], { type: "region" }).of("CA")!;
    const list = context.canvasElement.querySelector(`datalist#${CSS.escape(country.getAttribute("list")!)}`);
    await expect([...list!.querySelectorAll("option")].map((o) => o.value)).toContain(canada);
    // (a controlled field: the query, which the stories keep fixed, holds its value)
    await userEvent.type(country, "S");
    await expect(context.args.onQueryChange).toHaveBeenLastCalledWith({ country: "كنداS" });
    const row = c.getByTestId("lead-row-contact");
    await expect(row).toHaveTextContent(`+1 416 555 0100 · ${canada}`);
    await expect(row.querySelector("bdi[dir=ltr]")).toHaveTextContent("+1 416 555 0100");
  },
};

/**
 * Newsletter subscribers, apart from sales leads: a "Subscriber" badge instead of "New", never overdue.
 * A name holding a stray right-to-left override (U+202E) is isolated and cannot reorder the row.
 */
export const Subscribers: Story = {
  args: {
    leads: sampleSubscribers,
    paging: paging({ total: sampleSubscribers.length }),
    filtered: true,
    query: { ...defaultLeadQuery, kind: "subscribers" },
  },
  play: async (context) => {
    const t = translator(context);
    const c = within(context.canvasElement);
    await expect(c.getByLabelText(t(msg`Show`))).toHaveValue("subscribers");
    const rows = c.getAllByTestId("lead-row");
    await expect(rows).toHaveLength(2);
    for (const row of rows) {
      await expect(row).toHaveAttribute("data-kind", "subscriber");
      await expect(within(row).getByText(t(msg`Subscriber`))).toBeInTheDocument();
      await expect(within(row).queryByText(t(msg`New`))).toBeNull();
    }
    await expect(context.canvasElement.querySelectorAll("tr[data-overdue]")).toHaveLength(0);
    const name = within(rows[0]!).getByText(/سارة المنصوري/);
    await expect(name.tagName).toBe("BDI");
    await expect(name).toHaveAttribute("dir", "auto");
    // The phone after the name still reads in order, left to right.
    const phone = within(rows[0]!).getByText("+966 50 123 4567");
    await expect(phone).toHaveAttribute("dir", "ltr");
    await expect(phone.getBoundingClientRect().left).toBeGreaterThanOrEqual(0);
    await userEvent.selectOptions(c.getByLabelText(t(msg`Show`)), "all");
    await expect(context.args.onQueryChange).toHaveBeenCalledWith({ kind: "all" });
  },
};

/** The subscribers on a 390 px phone: nothing scrolls sideways, every Open button on screen. */
export const SubscribersPhone: Story = {
  ...Subscribers,
  globals: onMobile,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const open = c.getAllByRole("button", { name: new RegExp(t(msg`Open`)) });
    await expect(open).toHaveLength(sampleSubscribers.length);
    await expectFitsPhone(canvasElement, c.getByTestId("leads-table"), open);
  },
};

const bulkArgs = (selected: string[] = [], extra: Partial<LeadsBulk> = {}): LeadsBulk => ({
  selected,
  saving: false,
  result: null,
  error: null,
  onToggle: fn(),
  onTogglePage: fn(),
  onApply: fn(),
  onClear: fn(),
  ...extra,
});

/**
 * Bulk actions: a checkbox per lead and one for the page (by keyboard too), the count announced (a
 * status region), one action for all of them: a status, a team member, or nobody.
 */
export const BulkSelected: Story = {
  args: { bulk: bulkArgs([samplePeople[0]!.id, samplePeople[1]!.id]) },
  play: async (context) => {
    const { canvasElement, args } = context;
    const t = translator(context);
    const c = within(canvasElement);
    const count = c.getByRole("status");
    const n = 2;
    await expect(count).toHaveTextContent(t(msg`${plural(n, { one: "# lead selected", other: "# leads selected" })}`));
    // Two of three on the page: the page's box is half checked.
    const page = c.getByRole("checkbox", { name: t(msg`Select every lead on this page`) });
    await expect(page.closest("label")).toHaveAttribute("data-state", "indeterminate");
    await userEvent.click(page);
    await expect(args.bulk!.onTogglePage).toHaveBeenCalledWith(
      samplePeople.map((p) => p.id),
      true,
    );
    // Keyboard: tab to a lead's box and press Space.
    const third = c
      .getAllByRole("checkbox")
      .find((b) => b.getAttribute("aria-label")?.includes((samplePeople[2]!.full_name || samplePeople[2]!.email)!))!;
    third.focus();
    await userEvent.keyboard(" ");
    await expect(args.bulk!.onToggle).toHaveBeenCalledWith(samplePeople[2]!.id);
    const action = c.getByLabelText(t(msg`Action for the selected leads`));
    await userEvent.selectOptions(action, "status:contacted");
    await userEvent.click(c.getByRole("button", { name: t(msg`Apply to selected`) }));
    await expect(args.bulk!.onApply).toHaveBeenLastCalledWith({ kind: "status", status: "contacted" });
    await userEvent.selectOptions(action, `owner:${sampleOwners[1]!.user_id}`);
    await userEvent.click(c.getByRole("button", { name: t(msg`Apply to selected`) }));
    await expect(args.bulk!.onApply).toHaveBeenLastCalledWith({ kind: "owner", ownerId: sampleOwners[1]!.user_id });
    await userEvent.selectOptions(action, "unassign");
    await userEvent.click(c.getByRole("button", { name: t(msg`Apply to selected`) }));
    await expect(args.bulk!.onApply).toHaveBeenLastCalledWith({ kind: "unassign" });
    await userEvent.click(c.getByRole("button", { name: t(msg`Clear selection`) }));
    await expect(args.bulk!.onClear).toHaveBeenCalled();
  },
};

/** Nothing selected: no action to apply yet; the status region says how to start. */
export const BulkNothingSelected: Story = {
  args: { bulk: bulkArgs() },
  play: async (context) => {
    const t = translator(context);
    const c = within(context.canvasElement);
    await expect(c.getByRole("status")).toHaveTextContent(t(msg`Select leads to change several at once`));
    await expect(c.queryByRole("button", { name: t(msg`Apply to selected`) })).toBeNull();
  },
};

/** After a bulk change: how many changed is announced; a refusal says why. */
export const BulkDone: Story = {
  args: { bulk: bulkArgs([], { result: { changed: 3, selected: 3 } }) },
  play: async (context) => {
    const t = translator(context);
    await expect(within(context.canvasElement).getByRole("status")).toHaveTextContent(
      t(msg`${plural(3, { 0: "No lead needed a change", one: "# lead changed", other: "# leads changed" })}`),
    );
  },
};
export const BulkRefused: Story = {
  args: { bulk: bulkArgs([samplePeople[0]!.id], { error: "a lead can only be assigned to an owner or a sales person" }) },
};

const viewsArgs = (extra: Partial<SavedViews> = {}): SavedViews => ({
  list: [
    { id: "v-1", name: "Overdue UAE", query: "country=UAE&overdue=1" },
    { id: "v-2", name: "عملاء نورة", query: `owner=${sampleOwners[1]!.user_id}` },
  ],
  current: "country=UAE&overdue=1",
  saving: false,
  error: null,
  saved: 0,
  onApply: fn(),
  onSave: fn(),
  onDelete: fn(),
  ...extra,
});

/** Saved views: the member's named filters as chips (the current one marked), applied, deleted, saved with a name. */
export const SavedViewsChips: Story = {
  args: { views: viewsArgs(), query: { ...defaultLeadQuery, country: "UAE", overdue: true }, filtered: true },
  play: async (context) => {
    const { canvasElement, args } = context;
    const t = translator(context);
    const c = within(canvasElement);
    const list = c.getByRole("list", { name: t(msg`Saved views`) });
    const viewName = "Overdue UAE";
    const current = within(list).getByRole("button", { name: viewName });
    await expect(current).toHaveAttribute("aria-current", "true");
    await userEvent.click(within(list).getByRole("button", { name: "عملاء نورة" }));
    await expect(args.views!.onApply).toHaveBeenCalledWith(args.views!.list[1]);
    await userEvent.click(within(list).getByRole("button", { name: t(msg`Delete the view ${viewName}`) }));
    await expect(args.views!.onDelete).toHaveBeenCalledWith(args.views!.list[0]);
    await userEvent.click(c.getByRole("button", { name: t(msg`Save these filters`) }));
    const name = c.getByLabelText(t(msg`View name`));
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, "Week UAE{Enter}");
    await expect(args.views!.onSave).toHaveBeenCalledWith("Week UAE");
  },
};

/** A name the member already used: said on the field. */
export const SavedViewDuplicate: Story = {
  args: { views: viewsArgs({ error: "duplicate" }) },
  play: async (context) => {
    const t = translator(context);
    const c = within(context.canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Save these filters`) }));
    await expect(c.getByText(t(msg`You already have a view with this name.`))).toBeVisible();
  },
};

/**
 * A 390 px phone with bulk actions and saved views: the filters fold behind "Filters (n)" (n counts the
 * active ones), so the first lead shows on the first screen; the toggle opens them; nothing scrolls sideways.
 */
export const PhoneFiltersFolded: Story = {
  globals: onMobile,
  args: {
    bulk: bulkArgs([samplePeople[0]!.id]),
    views: viewsArgs(),
    query: { ...defaultLeadQuery, country: "UAE", overdue: true },
    filtered: true,
  },
  play: async (context) => {
    const { canvasElement } = context;
    const t = translator(context);
    const c = within(canvasElement);
    const filterCount = 2;
    const toggle = c.getByRole("button", { name: t(msg`Filters (${filterCount})`) });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(c.getByLabelText(t(msg`Status`))).not.toBeVisible();
    await expect(c.getByLabelText(t(msg`Search`))).toBeVisible();
    const firstRow = c.getAllByTestId("lead-row")[0]!;
    await expect(firstRow.getBoundingClientRect().top).toBeLessThan(844);
    const open = c.getAllByRole("button", { name: new RegExp(t(msg`Open`)) });
    await expectFitsPhone(canvasElement, c.getByTestId("leads-table"), open);
    // The row's checkbox is a 44 px touch target.
    const box = c.getByRole("checkbox", { name: t(msg`Select every lead on this page`) }).closest("label")!;
    await expect(box.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(c.getByLabelText(t(msg`Status`))).toBeVisible();
  },
};
