import { msg } from "@lingui/core/macro";
import { Outlet } from "react-router";
import { AdminGuard } from "@/features/auth/components/admin-guard";
import { AdminShell } from "@/features/auth/components/admin-shell";
import { AdminToaster } from "@/features/auth/components/admin-toaster";
import { AuthProvider, useAuth } from "@/features/auth/components/auth-provider";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-layout";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Administration`, description: msg`Administration`, noindex: true });

function Chrome() {
  const auth = useAuth();
  return (
    <AdminShell email={auth.user?.email ?? ""} onSignOut={auth.signOut} signingOut={auth.status === "signingOut"}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * The admin area: the session (read in the browser only; the server renders the guard's spinner),
 * the guard, the chrome and the toasts.
 */
export default function AdminLayout() {
  return (
    <AuthProvider>
      <AdminGuard>
        <Chrome />
      </AdminGuard>
      <AdminToaster />
    </AuthProvider>
  );
}
