import { Field, Input, InputGroup, NativeSelect } from "@chakra-ui/react";
import { Search } from "lucide-react";
import type { ReactNode } from "react";

interface FilterFieldProps {
  label: ReactNode;
  /** Grid placement, e.g. `{ sm: "span 2", lg: "span 1" }`. */
  gridColumn?: Field.RootProps["gridColumn"];
  children: ReactNode;
}

/** One labelled control of a list's filter row (the control is the child: an input, a date). */
export function FilterField({ label, gridColumn, children }: FilterFieldProps) {
  return (
    <Field.Root gridColumn={gridColumn}>
      <Field.Label>{label}</Field.Label>
      {children}
    </Field.Root>
  );
}

interface SelectFilterProps<V extends string> {
  label: ReactNode;
  value: V;
  onChange: (value: V) => void;
  /** The `<option>`s; their values are the `V`s the caller accepts. */
  children: ReactNode;
  /** The field's background (on a tinted page, `bg`). */
  bg?: string;
}

/** A labelled drop-down of a filter row (a native select: keyboard and screen-reader friendly on phones). */
export function SelectFilter<V extends string>({ label, value, onChange, children, bg }: SelectFilterProps<V>) {
  return (
    <FilterField label={label}>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as V)} bg={bg}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FilterField>
  );
}

interface SearchFilterProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  bg?: string;
  gridColumn?: Field.RootProps["gridColumn"];
}

/** The search box of a filter row, with a magnifier at its start. */
export function SearchFilter({ label, value, onChange, placeholder, bg, gridColumn }: SearchFilterProps) {
  return (
    <FilterField label={label} gridColumn={gridColumn}>
      <InputGroup startElement={<Search aria-hidden="true" size={16} />}>
        <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} bg={bg} />
      </InputGroup>
    </FilterField>
  );
}
