import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import type { Channel } from "./attribution";

/** A marketing channel in the admin's language; null: nothing was recorded (a form sent without script). */
export function useChannelLabel() {
  const { t } = useLingui();
  return useCallback(
    (channel: Channel | "unknown" | null | undefined): string => {
      switch (channel) {
        case "paid_search":
          return t`Paid search`;
        case "organic_search":
          return t`Organic search`;
        case "social":
          return t`Social`;
        case "email":
          return t({ message: "Email", context: "marketing channel" });
        case "whatsapp":
          return t`WhatsApp`;
        case "referral":
          return t`Referral`;
        case "other_campaign":
          return t`Other campaigns`;
        case "direct":
          return t`Direct`;
        default:
          return t`Not recorded`;
      }
    },
    [t],
  );
}
