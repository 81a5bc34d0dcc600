import { Container, SimpleGrid, Stack } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { AdminScreen } from "@/components/layout/screen-header";
import { MyLeadsCard } from "@/features/admin-leads/components/my-leads-card";
import { TodaysDemosCard } from "@/features/admin-agenda/components/todays-demos-card";
import { LeadsDashboardCard } from "@/features/admin-leads/components/leads-dashboard-card";
import { DashboardContainer } from "@/features/admin-posts/components/dashboard-container";
import { useAuth } from "@/features/auth/components/auth-provider";
import { canOpen } from "@/features/auth/lib/role-access";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Dashboard`, description: msg`Administration`, noindex: true });

/**
 * Each role's home shows its own work: the posts for owners and editors; for those who work the leads (owners,
 * sales) their own leads, the team's week in leads and the day's demos. A sales person never sees the posts
 * screen's links, which they may not open.
 */
export default function AdminDashboard() {
  const { user, role } = useAuth();
  const email = user?.email ?? "";
  const cards = canOpen(role, "leads") ? (
    <Stack gap="6">
      {user ? <MyLeadsCard userId={user.id} /> : null}
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
        <LeadsDashboardCard />
        <TodaysDemosCard />
      </SimpleGrid>
    </Stack>
  ) : null;
  if (canOpen(role, "posts")) {
    return (
      <>
        <DashboardContainer email={email} />
        {cards ? (
          <Container maxW="7xl" pb="8">
            {cards}
          </Container>
        ) : null}
      </>
    );
  }
  return (
    <AdminScreen
      title={<Trans>Dashboard</Trans>}
      description={
        <Trans>
          Welcome, <bdi>{email}</bdi>
        </Trans>
      }
    >
      {cards}
    </AdminScreen>
  );
}
