import { msg, plural } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { ListPaging } from "@/components/data/paged-list-card";
import { LeadsInbox } from "@/features/admin-leads/components/leads-inbox";
import { defaultLeadQuery } from "@/features/admin-leads/lib/pipeline";
import { onMobile } from "../../../.storybook/modes";
import { containing, translator } from "../../support/i18n";
import { sampleOwners, samplePeople } from "./fixtures";
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
