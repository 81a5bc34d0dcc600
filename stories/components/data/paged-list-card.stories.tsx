import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Table } from "@chakra-ui/react";
import { expect, fn, userEvent, within } from "storybook/test";
import { ColumnHeaders } from "@/components/data/column-headers";
import { PagedListCard } from "@/components/data/paged-list-card";
import { containing, translator } from "../../support/i18n";

/** One page of an admin list (a table with its header row), with the leads inbox's messages in the story's language. */
const meta = {
  title: "Components/Data/PagedListCard",
  component: PagedListCard,
  args: {
    status: "ready",
    loadingLabel: "",
    failedTitle: "",
    onRetry: fn(),
    paging: { total: 120, page: 2, pageCount: 3, pageSize: 50, hrefFor: (n: number) => `/admin/leads?page=${n}`, onPageChange: fn() },
    pagesLabel: "",
    summary: "",
    children: null,
  },
  render: (args, context) => {
    const t = translator(context);
    return (
      <PagedListCard
        {...args}
        loadingLabel={t(msg`Loading leads…`)}
        failedTitle={t(msg`Failed to load leads.`)}
        pagesLabel={t(msg`Lead pages`)}
        summary="51–100 / 120"
      >
        <Table.Root size="md">
          <Table.Caption srOnly>{t(msg`Leads, one row per person; each time shows its zone`)}</Table.Caption>
          <ColumnHeaders
            bg="bg.subtle"
            columns={[
              { key: "person", label: t(msg`Person`) },
              { key: "status", label: t(msg`Status`), hideBelow: "md" },
              { key: "details", label: t(msg`Details`), textAlign: "end" },
            ]}
          />
          <Table.Body>
            <Table.Row>
              <Table.Cell>
                <bdi>Sara Al Mansoori</bdi>
              </Table.Cell>
              <Table.Cell hideBelow="md">—</Table.Cell>
              <Table.Cell textAlign="end">—</Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </PagedListCard>
    );
  },
  parameters: { layout: "padded", route: "/admin/leads" },
} satisfies Meta<typeof PagedListCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Loaded: the table with its column headers, and the page links under the card. */
export const Ready: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("columnheader", { name: t(msg`Person`) })).toBeInTheDocument();
    const nav = c.getByRole("navigation", { name: t(msg`Lead pages`) });
    await userEvent.click(within(nav).getByRole("link", { name: containing(t(msg`Next`)) }));
    await expect(args.paging.onPageChange).toHaveBeenCalledWith(3);
  },
};

/** A new page is loading while the rows stay. */
export const Busy: Story = { args: { busy: true } };

/** Loading: a spinner and no page links. */
export const Loading: Story = {
  args: { status: "loading" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("navigation")).toBeNull();
  },
};

/** Failed, with a retry. */
export const Failed: Story = {
  args: { status: "failed" },
  play: async ({ canvasElement, args, ...context }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: translator(context)(msg`Try again`) }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Nothing matches: the caller's content and no page links. */
export const NoRows: Story = { args: { paging: { ...meta.args.paging, total: 0, pageCount: 1, page: 1 } } };
