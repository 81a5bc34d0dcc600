import { Table } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { type Column, ColumnHeaders } from "./column-headers";

interface DataTableProps<Row> {
  columns: Column[];
  rows: readonly Row[];
  /** One row: a `Table.Row` with its key. */
  renderRow: (row: Row) => ReactNode;
  /** The table's name for screen readers (a caption only they read). */
  caption?: ReactNode;
  size?: Table.RootProps["size"];
  /** Rows light up under the pointer. */
  interactive?: boolean;
  /** The header row's background. */
  headerBg?: string;
  /** A border and the page background around it: for a table that stands outside a card. */
  framed?: boolean;
  testId?: string;
}

/** An admin list's table: it scrolls sideways on narrow screens, with a header row and one row per item. */
export function DataTable<Row>({
  columns,
  rows,
  renderRow,
  caption,
  size,
  interactive,
  headerBg,
  framed = false,
  testId,
}: DataTableProps<Row>) {
  return (
    <Table.ScrollArea {...(framed ? { borderWidth: "1px", rounded: "md", bg: "bg" } : {})}>
      <Table.Root size={size} interactive={interactive} data-testid={testId}>
        {caption ? <Table.Caption srOnly>{caption}</Table.Caption> : null}
        <ColumnHeaders bg={headerBg} columns={columns} />
        <Table.Body>{rows.map(renderRow)}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
