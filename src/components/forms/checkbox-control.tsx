import { Checkbox } from "@chakra-ui/react";

/**
 * A checkbox's box and tick, for inside a `Checkbox.Root`. A span, not Chakra's default div: the root is a
 * <label>, which may hold phrasing content only.
 */
export function CheckboxControl() {
  return (
    <Checkbox.Control asChild>
      <span>
        <Checkbox.Indicator />
      </span>
    </Checkbox.Control>
  );
}
