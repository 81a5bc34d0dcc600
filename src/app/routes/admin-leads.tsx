import { msg } from "@lingui/core/macro";
import { LeadBookingsContainer } from "@/features/admin-agenda/components/lead-bookings";
import { LeadsInboxContainer } from "@/features/admin-leads/components/leads-inbox-container";
import { useAuth } from "@/features/auth/components/auth-provider";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-leads";

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: msg`Leads`, description: msg`Administration`, noindex: true });

export default function AdminLeads() {
  const { user, role } = useAuth();
  // A lead shows its demos with the agenda's reschedule and cancel (features never import each other).
  return (
    <LeadsInboxContainer
      me={user ? { id: user.id, role } : undefined}
      renderBooking={(leadId, onChanged) => <LeadBookingsContainer leadId={leadId} onChanged={onChanged} />}
    />
  );
}
