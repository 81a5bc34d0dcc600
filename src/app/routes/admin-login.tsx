import { msg } from "@lingui/core/macro";
import { AdminLoginPage } from "@/features/auth/components/admin-login-page";
import { AuthProvider } from "@/features/auth/components/auth-provider";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-login";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Admin sign in`, description: msg`Administration`, noindex: true });

export default function AdminLogin() {
  return (
    <AuthProvider>
      <AdminLoginPage />
    </AuthProvider>
  );
}
