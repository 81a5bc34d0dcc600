import { Checkbox } from "@chakra-ui/react";

/** A checkbox named for screen readers only (a table's row or "the whole page"); 44 px to touch on a phone. */
export function SelectBox({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean | "indeterminate";
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(e) => onChange(e.checked === true)}
      colorPalette="brand"
      minW="11"
      minH="11"
      justifyContent="center"
      css={{ "@media (pointer: fine)": { minWidth: "auto", minHeight: "auto" } }}
      data-testid={testId}
    >
      <Checkbox.HiddenInput aria-label={label} />
      {/* A span, not Chakra's default div: the root is a <label>, which may hold phrasing content only. */}
      <Checkbox.Control asChild>
        <span>
          <Checkbox.Indicator />
        </span>
      </Checkbox.Control>
    </Checkbox.Root>
  );
}
