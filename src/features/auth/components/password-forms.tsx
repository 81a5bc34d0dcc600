/**
 * The password pages' forms (docs/product.md#admin): "Forgot your password?" (an email) and "Choose a
 * password" (after a reset link or an invitation). Presentational: they render props and raise
 * callbacks; the pages (password-pages.tsx) call the server.
 */
import { Alert, Button, Field, Input, Stack, chakra } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useMemo } from "react";
import * as v from "valibot";
import { AppLink } from "@/components/app-link";
import { FieldFrame } from "@/components/forms/fields";
import type { PasswordLinkErrorKind } from "../api/password-links";
import { AuthCard, useAuthForm } from "./auth-card";

/** The server's policy (server/api/password-policy.ts), checked here first so most mistakes need no round trip. */
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_BYTES = 72;

function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{children}</Alert.Title>
      </Alert.Content>
    </Alert.Root>
  );
}

function useCommonErrorText(kind: PasswordLinkErrorKind | null | undefined): string | null {
  const { t } = useLingui();
  switch (kind) {
    case null:
    case undefined:
      return null;
    case "rateLimited":
      return t`Too many requests. Please wait a few minutes and try again.`;
    case "network":
      return t`Could not reach the server. Check your connection and try again.`;
    case "weakPassword":
      return t`This password is too common or too easy to guess. Choose a longer, less predictable one.`;
    case "samePassword":
      return t`The new password must be different from the old one.`;
    case "linkInvalid":
      return t`This link is invalid, was already used, or has expired.`;
    default:
      return t`Something went wrong. Please try again.`;
  }
}

interface ForgotPasswordFormProps {
  onSubmit: (email: string) => void;
  status: "idle" | "sending" | "sent";
  /** The address the link was sent to (when sent). */
  sentTo?: string;
  error?: PasswordLinkErrorKind | null;
}

export function ForgotPasswordForm({ onSubmit, status, sentTo, error }: ForgotPasswordFormProps) {
  const { t } = useLingui();
  const schema = useMemo(
    () =>
      v.object({ email: v.pipe(v.string(), v.trim(), v.nonEmpty(t`Email is required`), v.email(t`Please enter a valid email address`)) }),
    [t],
  );
  const { hydration, register, handleSubmit, errors } = useAuthForm<{ email: string }>(schema, { email: "" });
  const errorText = useCommonErrorText(error);
  const address = sentTo ?? "";

  return (
    <AuthCard
      title={t`Forgot your password?`}
      intro={<Trans>Enter the email you sign in with. We will send you a link to choose a new password.</Trans>}
    >
      <Stack gap="5">
        {status === "sent" ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <Trans>Check your email</Trans>
              </Alert.Title>
              <Alert.Description>
                <Trans>
                  If an account exists for <chakra.span dir="ltr">{address}</chakra.span>, a link to reset its password is on its way. The
                  link works once, for one hour.
                </Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <chakra.form
            {...hydration}
            noValidate
            onSubmit={handleSubmit((values) => onSubmit(values.email))}
            aria-label={t`Forgot your password?`}
          >
            <Stack gap="5">
              {errorText ? <ErrorAlert>{errorText}</ErrorAlert> : null}
              <FieldFrame label={<Trans>Email</Trans>} required error={errors.email}>
                <Input type="email" autoComplete="username" dir="ltr" {...register("email")} />
              </FieldFrame>
              <Button type="submit" colorPalette="brand" size="lg" loading={status === "sending"} loadingText={t`Sending…`}>
                <Trans>Send the reset link</Trans>
              </Button>
            </Stack>
          </chakra.form>
        )}
        <AppLink to="/admin/login" textAlign="center" fontSize="sm" color="brand.fg">
          <Trans>Back to sign in</Trans>
        </AppLink>
      </Stack>
    </AuthCard>
  );
}

interface SetPasswordValues {
  password: string;
  confirm: string;
}

interface SetPasswordFormProps {
  /** After a reset link, or accepting an invitation. */
  mode: "reset" | "invite";
  onSubmit: (password: string) => void;
  pending?: boolean;
  error?: PasswordLinkErrorKind | null;
  /** The page was opened without a link's token. */
  missingLink?: boolean;
}

export function SetPasswordForm({ mode, onSubmit, pending = false, error, missingLink = false }: SetPasswordFormProps) {
  const { t } = useLingui();
  const schema = useMemo(
    () =>
      v.pipe(
        v.object({
          password: v.pipe(
            v.string(),
            v.nonEmpty(t`Password is required`),
            v.check((p) => [...p].length >= MIN_PASSWORD_LENGTH, t`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`),
            v.check(
              (p) => new TextEncoder().encode(p).length <= MAX_PASSWORD_BYTES,
              t`The password is too long (at most ${MAX_PASSWORD_BYTES} bytes).`,
            ),
          ),
          confirm: v.string(),
        }),
        v.forward(
          v.partialCheck([["password"], ["confirm"]], (x) => x.password === x.confirm, t`The two passwords do not match.`),
          ["confirm"],
        ),
      ),
    [t],
  );
  const { hydration, register, handleSubmit, errors } = useAuthForm<SetPasswordValues>(schema, { password: "", confirm: "" });
  const linkBroken = missingLink || error === "linkInvalid";
  const errorText = useCommonErrorText(missingLink ? "linkInvalid" : error);
  const title = mode === "invite" ? t`Accept your invitation` : t`Choose a new password`;

  return (
    <AuthCard
      title={title}
      intro={
        mode === "invite" ? (
          <Trans>Choose the password you will sign in with.</Trans>
        ) : (
          <Trans>Choose a new password for your account.</Trans>
        )
      }
    >
      <Stack gap="5">
        {linkBroken ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{errorText}</Alert.Title>
              <Alert.Description>
                {mode === "invite" ? (
                  <Trans>Ask the owner who invited you to send a new invitation.</Trans>
                ) : (
                  <AppLink to="/admin/forgot-password" color="brand.fg" fontWeight="600">
                    <Trans>Ask for a new link</Trans>
                  </AppLink>
                )}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <chakra.form {...hydration} noValidate onSubmit={handleSubmit((values) => onSubmit(values.password))} aria-label={title}>
            <Stack gap="5">
              {errorText ? <ErrorAlert>{errorText}</ErrorAlert> : null}
              <FieldFrame label={<Trans>New password</Trans>} required error={errors.password}>
                <Input type="password" autoComplete="new-password" dir="ltr" {...register("password")} />
                {/* Shown with the error too: the rule is what the visitor needs then. */}
                <Field.HelperText>
                  <Trans>
                    At least {MIN_PASSWORD_LENGTH} characters. Common passwords are refused; a short sentence is easy to remember.
                  </Trans>
                </Field.HelperText>
              </FieldFrame>
              <FieldFrame label={<Trans>Repeat the password</Trans>} required error={errors.confirm}>
                <Input type="password" autoComplete="new-password" dir="ltr" {...register("confirm")} />
              </FieldFrame>
              <Button type="submit" colorPalette="brand" size="lg" loading={pending} loadingText={t`Saving…`}>
                {mode === "invite" ? <Trans>Accept and sign in</Trans> : <Trans>Save the password and sign in</Trans>}
              </Button>
            </Stack>
          </chakra.form>
        )}
      </Stack>
    </AuthCard>
  );
}
