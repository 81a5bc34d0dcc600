import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import { formatZoned, useStaffTimeZone } from "@/lib/staff-clock/staff-clock";
import type { LeadType } from "../lib/leads";
import type { LeadStatus } from "../lib/pipeline";

export function useLeadTypeLabel() {
  const { t } = useLingui();
  return useCallback(
    (type: LeadType | "all"): string => {
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
    },
    [t],
  );
}

/** A lead status in the admin's language. */
export function useLeadStatusLabel() {
  const { t } = useLingui();
  return useCallback(
    (status: LeadStatus): string => {
      switch (status) {
        case "new":
          return t`New`;
        case "contacted":
          return t`Contacted`;
        case "qualified":
          return t`Qualified`;
        case "won":
          return t`Won`;
        case "lost":
          return t`Lost`;
        case "spam":
          return t`Spam`;
      }
    },
    [t],
  );
}

/**
 * What the lead screens show a lead with: its status and form names, and its times on the member's clock
 * with the zone's name ("Dec 4, 2026, 9:05 AM GST", docs/leads.md#clocks).
 */
export function useLeadLabels() {
  const { locale } = useLocale();
  const timeZone = useStaffTimeZone();
  return {
    statusLabel: useLeadStatusLabel(),
    typeLabel: useLeadTypeLabel(),
    when: { format: (d: Date) => formatZoned(d, timeZone, locale) },
    timeZone,
  };
}

/** The badge colour of each status (Chakra palettes). */
export const statusColor: Record<LeadStatus, string> = {
  new: "blue",
  contacted: "purple",
  qualified: "orange",
  won: "green",
  lost: "gray",
  spam: "red",
};
