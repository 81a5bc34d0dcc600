import { Checkbox } from "@chakra-ui/react";
import { CheckboxControl } from "@/components/forms/checkbox-control";

/** A checkbox named for screen readers only (a table's row or "the whole page"); 44 px to touch on a phone
 * (and wherever the pointer is coarse). */
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
      minW={{ base: "11", md: "auto" }}
      minH={{ base: "11", md: "auto" }}
      justifyContent="center"
      css={{ "@media (pointer: coarse)": { minWidth: "44px", minHeight: "44px" } }}
      data-testid={testId}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <CheckboxControl />
    </Checkbox.Root>
  );
}
