import { msg } from "@lingui/core/macro";
import type { ReactNode } from "react";
import { Outlet, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { RouteError } from "@/components/layout/route-error";
import { StaffClockButton, useStaffProfile } from "@/features/admin-profile/components/staff-profile";
import { AdminGuard } from "@/features/auth/components/admin-guard";
import { AdminShell } from "@/features/auth/components/admin-shell";
import { AdminToaster } from "@/features/auth/components/admin-toaster";
import { AuthProvider, useAuth } from "@/features/auth/components/auth-provider";
import { NoAccess } from "@/features/auth/components/no-access";
import { canOpenPath } from "@/features/auth/lib/role-access";
import { stripLocale } from "@/lib/i18n/locale";
import { StaffClockProvider } from "@/lib/staff-clock/staff-clock";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-layout";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Administration`, description: msg`Administration`, noindex: true });

function Chrome({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  const profile = useStaffProfile(auth.user?.id);
  return (
    <StaffClockProvider timeZone={profile.timeZone}>
      <AdminShell
        email={auth.user?.email ?? ""}
        role={auth.role}
        onSignOut={auth.signOut}
        signingOut={auth.status === "signingOut"}
        tools={<StaffClockButton timeZone={profile.timeZone} onSave={profile.save} />}
      >
        {canOpenPath(auth.role, stripLocale(pathname)) ? children : <NoAccess role={auth.role} />}
      </AdminShell>
    </StaffClockProvider>
  );
}

function AdminArea({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <AdminGuard>
        <Chrome>{children}</Chrome>
      </AdminGuard>
      <AdminToaster />
    </AuthProvider>
  );
}

/**
 * The admin area: the session (read in the browser only; the server renders the guard's spinner),
 * the guard, the chrome and the toasts.
 */
export default function AdminLayout() {
  return (
    <AdminArea>
      <Outlet />
    </AdminArea>
  );
}

/**
 * A screen that failed (its code could not be downloaded on a flaky connection, or it threw): the
 * error and a retry inside the admin chrome, so the navigation and Sign Out stay usable. The retry
 * reloads the page: admin screens keep no unsaved state once they have failed, and a reload fetches
 * code that failed to download, which revalidation would not.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <AdminArea>
      <RouteError what="page" onRetry={() => window.location.reload()} />
    </AdminArea>
  );
}
