import { msg } from "@lingui/core/macro";
import { NewLeadsCard } from "@/features/admin-leads/components/new-leads-card";
import { DashboardContainer } from "@/features/admin-posts/components/dashboard-container";
import { useAuth } from "@/features/auth/components/auth-provider";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Dashboard`, description: msg`Administration`, noindex: true });

export default function AdminDashboard() {
  const { user } = useAuth();
  return <DashboardContainer email={user?.email ?? ""} extra={<NewLeadsCard />} />;
}
