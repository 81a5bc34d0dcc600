import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Input, SimpleGrid } from "@chakra-ui/react";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { FilterField, SearchFilter, SelectFilter } from "@/components/data/filter-fields";
import { translator } from "../../support/i18n";

type Sort = "newest" | "oldest";

interface RowProps {
  search: string;
  sort: Sort;
  onSearch: (value: string) => void;
  onSort: (sort: Sort) => void;
  t: ReturnType<typeof translator>;
}

/** A filter row like the posts table's: a search box, a drop-down and a date, each labelled. */
function FilterRow({ search, sort, onSearch, onSort, t }: RowProps) {
  const [q, setQ] = useState(search);
  const [s, setS] = useState(sort);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" alignItems="end" role="search" aria-label={t(msg`Find posts`)}>
      <SearchFilter
        label={t(msg`Search posts`)}
        value={q}
        onChange={(v) => (setQ(v), onSearch(v))}
        placeholder={t(msg`Title, address, category or country`)}
        bg="bg"
        gridColumn={{ sm: "span 2", lg: "span 1" }}
      />
      <SelectFilter<Sort> label={t(msg`Sort by`)} value={s} onChange={(v) => (setS(v), onSort(v))} bg="bg">
        <option value="newest">{t(msg`Newest first`)}</option>
        <option value="oldest">{t(msg`Oldest first`)}</option>
      </SelectFilter>
      <FilterField label={t(msg`Arrived from (Dubai time)`)}>
        <Input type="date" defaultValue="2026-11-01" bg="bg" />
      </FilterField>
    </SimpleGrid>
  );
}

const meta = {
  title: "Components/Data/FilterFields",
  component: FilterRow,
  args: { search: "", sort: "newest", onSearch: fn(), onSort: fn(), t: () => "" },
  render: (args, context) => <FilterRow {...args} t={translator(context)} />,
  parameters: { layout: "padded", route: "/admin/posts" },
} satisfies Meta<typeof FilterRow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty filters; typing searches, choosing sorts (the values the caller accepts). */
export const Empty: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("searchbox", { name: t(msg`Search posts`) }), "Dubai");
    await expect(args.onSearch).toHaveBeenLastCalledWith("Dubai");
    await userEvent.selectOptions(c.getByRole("combobox", { name: t(msg`Sort by`) }), "oldest");
    await expect(args.onSort).toHaveBeenCalledWith("oldest");
    await expect(c.getByLabelText(t(msg`Arrived from (Dubai time)`))).toHaveValue("2026-11-01");
  },
};

/** Filled in: the values show in the fields. */
export const Filled: Story = {
  args: { search: "Marina", sort: "oldest" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("searchbox", { name: t(msg`Search posts`) })).toHaveValue("Marina");
    await expect(c.getByRole("combobox", { name: t(msg`Sort by`) })).toHaveValue("oldest");
  },
};
