import { DataList } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A lead's labelled values, one per line (a submission's fields, a visit's source). */
export function FieldList({ items, labelWidth }: { items: ReadonlyArray<readonly [ReactNode, ReactNode]>; labelWidth: string }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {items.map(([label, value], i) => (
        <DataList.Item key={i}>
          <DataList.ItemLabel minW={labelWidth}>{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
