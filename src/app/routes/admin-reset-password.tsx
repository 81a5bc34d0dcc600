import { msg } from "@lingui/core/macro";
import { SetPasswordPage } from "@/features/auth/components/password-pages";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-reset-password";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Choose a new password`, description: msg`Administration`, noindex: true });

export default function AdminResetPassword() {
  return <SetPasswordPage mode="reset" />;
}
