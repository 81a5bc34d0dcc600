import { msg } from "@lingui/core/macro";
import { AnalyticsContainer } from "@/features/admin-analytics/components/analytics-container";
import { useAuth } from "@/features/auth/components/auth-provider";
import { canOpen } from "@/features/auth/lib/role-access";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-analytics";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Analytics`, description: msg`Administration`, noindex: true });

/** Owners and editors see traffic and conversion; sales members see conversion only (docs/analytics.md). */
export default function AdminAnalytics() {
  const { role } = useAuth();
  return <AnalyticsContainer showTraffic={canOpen(role, "analytics-traffic")} />;
}
