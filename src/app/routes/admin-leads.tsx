import { msg } from "@lingui/core/macro";
import { LeadsInboxContainer } from "@/features/admin-leads/components/leads-inbox-container";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-leads";

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: msg`Leads`, description: msg`Administration`, noindex: true });

export default function AdminLeads() {
  return <LeadsInboxContainer />;
}
