import { msg } from "@lingui/core/macro";
import { TeamAdminContainer } from "@/features/admin-team/components/team-admin-container";
import { notifyWithAdminToaster } from "@/features/auth/components/admin-toaster";
import { useAuth } from "@/features/auth/components/auth-provider";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-team";

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: msg`Team`, description: msg`Administration`, noindex: true });

export default function AdminTeam() {
  const { user } = useAuth();
  return <TeamAdminContainer currentUserId={user?.id ?? ""} notify={notifyWithAdminToaster} />;
}
