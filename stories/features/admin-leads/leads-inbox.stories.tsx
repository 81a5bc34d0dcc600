import { msg, plural } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { ListPaging } from "@/components/data/paged-list-card";
import { LeadsInbox } from "@/features/admin-leads/components/leads-inbox";
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
