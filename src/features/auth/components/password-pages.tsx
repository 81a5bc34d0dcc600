/**
 * The password pages' containers (docs/product.md#admin): they call the server through api/ and hand
 * the state to the forms. Outside the admin layout: nobody is signed in yet.
 */
import { Center } from "@chakra-ui/react";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { getSupabase } from "@/lib/supabase/client";
import {
  type PasswordLinkErrorKind,
  PasswordLinkError,
  requestPasswordReset,
  updatePassword,
  verifyPasswordLink,
} from "../api/password-links";
import { ForgotPasswordForm, SetPasswordForm } from "./password-forms";

const kindOf = (e: unknown): PasswordLinkErrorKind => (e instanceof PasswordLinkError ? e.kind : "unknown");

export function ForgotPasswordPage({ client = getSupabase }: { client?: () => Promise<SupabaseClient<Database>> }) {
  const { locale } = useLocale();
  const [status, setStatus] = useState<"idle" | "sending" | "sent">("idle");
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<PasswordLinkErrorKind | null>(null);

  const submit = async (email: string) => {
    setStatus("sending");
    setError(null);
    try {
      await requestPasswordReset(await client(), email, `${window.location.origin}${localizePath("/admin/reset-password", locale)}`);
      setSentTo(email.trim());
      setStatus("sent");
    } catch (e) {
      setError(kindOf(e));
      setStatus("idle");
    }
  };

  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="bg.muted">
      <ForgotPasswordForm status={status} sentTo={sentTo} error={error} onSubmit={(email) => void submit(email)} />
    </Center>
  );
}

/**
 * Choose a password from a reset link or an invitation. The link's token is used only when the form is
 * sent (a mail scanner that opens the link does not use it up); if the password is then refused, the
 * session the token opened is kept for the next try.
 */
export function SetPasswordPage({
  mode,
  client = getSupabase,
}: {
  mode: "reset" | "invite";
  client?: () => Promise<SupabaseClient<Database>>;
}) {
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tokenHash = params.get("token_hash") ?? "";
  const type = mode === "invite" ? "invite" : "recovery";
  const [verified, setVerified] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<PasswordLinkErrorKind | null>(null);

  const submit = async (password: string) => {
    setPending(true);
    setError(null);
    try {
      const sb = await client();
      if (!verified) {
        await verifyPasswordLink(sb, tokenHash, type);
        setVerified(true);
        // The token is used up: keep it out of the history.
        window.history.replaceState(window.history.state, "", window.location.pathname);
      }
      await updatePassword(sb, password);
      void navigate(localizePath("/admin", locale), { replace: true });
    } catch (e) {
      setError(kindOf(e));
      setPending(false);
    }
  };

  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="bg.muted">
      <SetPasswordForm mode={mode} missingLink={!tokenHash && !verified} pending={pending} error={error} onSubmit={(p) => void submit(p)} />
    </Center>
  );
}
