import { type ReactNode, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useLocale } from "@/lib/i18n/locale-context";
import { AdminLoading } from "./admin-loading";
import { useAuth } from "./auth-provider";
import { loginPathFor } from "./auth-redirect";

/**
 * The guard (docs/product.md#auth): a centred spinner while the session loads; administrators see the page; everyone
 * else goes to the login page (history replaced) and comes back here after signing in.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { locale } = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = status === "signedOut";

  useEffect(() => {
    if (signedOut) {
      void navigate(loginPathFor(`${location.pathname}${location.search}`, locale), { replace: true });
    }
  }, [signedOut, navigate, location.pathname, location.search, locale]);

  if (status === "signedIn" || status === "signingOut") return <>{children}</>;
  return <AdminLoading />;
}
