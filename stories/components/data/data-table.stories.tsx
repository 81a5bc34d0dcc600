import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Table } from "@chakra-ui/react";
import { expect, within } from "storybook/test";
import { DataTable } from "@/components/data/data-table";
import { translator } from "../../support/i18n";

interface Member {
  id: string;
  email: string;
}

const members: Member[] = [
  { id: "1", email: "owner@example.com" },
  { id: "2", email: "editor@example.com" },
];

/** An admin list's table (the team screen's columns here), headers in the story's language. */
const meta = {
  title: "Components/Data/DataTable",
  component: DataTable<Member>,
  args: { columns: [], rows: members, renderRow: () => null },
  render: (args, context) => {
    const t = translator(context);
    return (
      <DataTable<Member>
        {...args}
        caption={args.caption === undefined ? undefined : t(msg`Team members`)}
        columns={[
          { key: "email", label: t(msg`Email`) },
          { key: "actions", label: t(msg`Actions`), textAlign: "end" },
        ]}
        renderRow={(m) => (
          <Table.Row key={m.id} data-testid="team-member">
            <Table.Cell dir="ltr">{m.email}</Table.Cell>
            <Table.Cell textAlign="end">—</Table.Cell>
          </Table.Row>
        )}
      />
    );
  },
  parameters: { layout: "padded", route: "/admin/team" },
} satisfies Meta<typeof DataTable<Member>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Framed (outside a card), named by a caption only screen readers read; one row per item. */
export const FramedWithCaption: Story = {
  args: { framed: true, caption: "yes", size: "md" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("table", { name: t(msg`Team members`) })).toBeInTheDocument();
    await expect(c.getByRole("columnheader", { name: t(msg`Email`) })).toBeInTheDocument();
    await expect(c.getAllByTestId("team-member")).toHaveLength(2);
  },
};

/** Inside a card: interactive rows and a tinted header row. */
export const Interactive: Story = {
  args: { interactive: true, headerBg: "bg.subtle", size: "sm", testId: "members-table" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("members-table")).toBeInTheDocument();
  },
};

/** No rows: the header row only. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByTestId("team-member")).toHaveLength(0);
  },
};
