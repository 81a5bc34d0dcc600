import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import { formatZoned, useStaffTimeZone } from "@/lib/staff-clock/staff-clock";
import { countryValueLabel } from "@/lib/mail/field-values";
import { countryName } from "../lib/countries";
import type { LeadType } from "../lib/leads";
import type { Lead, LeadStatus } from "../lib/pipeline";

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

/**
 * A lead's country in the admin's language: its ISO code named ("CA" → "Canada" / "كندا"); without one,
 * the stored form value in words ("Others" → "Outside the UAE") or as stored; "" when nothing is known.
 */
export function useLeadCountry() {
  const { i18n } = useLingui();
  const { intl } = useLocale();
  return useCallback(
    (lead: Pick<Lead, "country_code" | "country">): string => {
      if (lead.country_code) return countryName(lead.country_code, intl);
      const stored = countryValueLabel(lead.country);
      return stored ? i18n._(stored) : (lead.country ?? "");
    },
    [i18n, intl],
  );
}
