import { msg } from "@lingui/core/macro";
import { SetPasswordPage } from "@/features/auth/components/password-pages";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-accept-invite";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Accept your invitation`, description: msg`Administration`, noindex: true });

export default function AdminAcceptInvite() {
  return <SetPasswordPage mode="invite" />;
}
