import { Center } from "@chakra-ui/react";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useLocale } from "@/lib/i18n/locale-context";
import { useAuth } from "./auth-provider";
import { afterLoginPath } from "./auth-redirect";
import { LoginForm } from "./login-form";

/** The login page container: the form wired to the session; signed in → the page asked for, or /admin. */
export function AdminLoginPage() {
  const auth = useAuth();
  const { locale } = useLocale();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = params.get("next");

  useEffect(() => {
    if (auth.status === "signedIn") void navigate(afterLoginPath(next, locale), { replace: true });
  }, [auth.status, navigate, next, locale]);

  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="bg.muted">
      <LoginForm
        pending={auth.status === "signingIn" || auth.status === "verifying" || auth.status === "signedIn"}
        error={auth.error}
        onSubmit={({ email, password }) => auth.signIn(email, password)}
      />
    </Center>
  );
}
