import { Table } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface Column {
  key: string;
  label: ReactNode;
  /** Hidden on narrow screens (the row shows it another way). */
  hideBelow?: "sm" | "md" | "lg";
  /** "end" for a column of buttons. */
  textAlign?: "start" | "end";
}

/** A table's header row, one column header per column. */
export function ColumnHeaders({ columns, bg }: { columns: Column[]; bg?: string }) {
  return (
    <Table.Header>
      <Table.Row bg={bg}>
        {columns.map((c) => (
          <Table.ColumnHeader key={c.key} hideBelow={c.hideBelow} textAlign={c.textAlign}>
            {c.label}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
