import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import type { LeadType } from "../lib/leads";

export function useLeadTypeLabel() {
  const { t } = useLingui();
  return useCallback((type: LeadType | "all"): string => {
    switch (type) {
      case "demo_booking":
        return t`Demo booking`;
      case "sales_lead":
        return t`Sales lead`;
      case "newsletter":
        return t`Newsletter`;
      default:
        return t`All types`;
    }
  }, [t]);
}
