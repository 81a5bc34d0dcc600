import { Badge } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { AlarmClock } from "lucide-react";

/** Marks a lead that has waited more than 24 hours for a first reply (docs/product.md#admin-leads). */
export function OverdueBadge() {
  return (
    <Badge colorPalette="red" variant="outline">
      <AlarmClock aria-hidden="true" size={12} />
      <Trans>Overdue</Trans>
    </Badge>
  );
}
