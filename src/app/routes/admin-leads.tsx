import { msg } from "@lingui/core/macro";
import { LeadBookingsContainer } from "@/features/admin-agenda/components/lead-bookings";
import { LeadsInboxContainer } from "@/features/admin-leads/components/leads-inbox-container";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-leads";

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: msg`Leads`, description: msg`Administration`, noindex: true });

export default function AdminLeads() {
  // A lead shows its demos with the agenda's reschedule and cancel (features never import each other).
  return <LeadsInboxContainer renderBooking={(leadId, onChanged) => <LeadBookingsContainer leadId={leadId} onChanged={onChanged} />} />;
}
