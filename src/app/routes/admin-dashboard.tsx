import { Container, SimpleGrid } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { TodaysDemosCard } from "@/features/admin-agenda/components/todays-demos-card";
import { LeadsDashboardCard } from "@/features/admin-leads/components/leads-dashboard-card";
import { DashboardContainer } from "@/features/admin-posts/components/dashboard-container";
import { useAuth } from "@/features/auth/components/auth-provider";
import { canOpen } from "@/features/auth/lib/role-access";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Dashboard`, description: msg`Administration`, noindex: true });

export default function AdminDashboard() {
  const { user, role } = useAuth();
  return (
    <>
      <DashboardContainer email={user?.email ?? ""} />
      {/* The team's cards, for the roles that work the leads: the leads of the week and the day's demos. */}
      {canOpen(role, "leads") ? (
        <Container maxW="7xl" pb="8">
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
            <LeadsDashboardCard />
            <TodaysDemosCard />
          </SimpleGrid>
        </Container>
      ) : null}
    </>
  );
}
