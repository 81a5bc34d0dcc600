import { msg } from "@lingui/core/macro";
import { ForgotPasswordPage } from "@/features/auth/components/password-pages";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-forgot-password";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Forgot your password?`, description: msg`Administration`, noindex: true });

export default function AdminForgotPassword() {
  return <ForgotPasswordPage />;
}
