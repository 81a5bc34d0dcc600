import { Button, Input, Stack, chakra } from "@chakra-ui/react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import * as v from "valibot";
import { AppLink } from "@/components/app-link";
import { ErrorAlert } from "@/components/feedback/error-alert";
import { FieldFrame } from "@/components/forms/fields";
import type { AuthError } from "../machines/session.machine";
import { AuthCard, useAuthForm } from "./auth-card";

interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  /** Signing in: the button shows its spinner. */
  pending?: boolean;
  error?: AuthError | null;
  defaultValues?: Partial<LoginValues>;
}

function useErrorText(error: AuthError | null | undefined): string | null {
  const { t } = useLingui();
  if (!error) return null;
  switch (error.kind) {
    case "credentials":
      return t`Invalid login credentials`;
    case "rateLimited": {
      // The server's Retry-After when it came through; otherwise its lockout window (15 minutes).
      const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 15 * 60) / 60));
      return error.retryAfterSeconds
        ? t({
            message: plural(minutes, {
              one: "Too many sign-in attempts. Please try again in # minute.",
              other: "Too many sign-in attempts. Please try again in # minutes.",
            }),
          })
        : t`Too many sign-in attempts. Sign-in is paused for up to 15 minutes; please try again after that.`;
    }
    case "notAdmin":
      return t`This account is not an administrator.`;
    case "expired":
      return t`Your session has expired. Please sign in again.`;
    case "network":
      return t`Could not reach the server. Check your connection and try again.`;
    default:
      // The server's own text is English and technical: the visitor reads it in the admin's language.
      return t`Sign-in failed. Please try again.`;
  }
}

/** The admin login (docs/product.md#auth): email and password (both required), Sign In with a spinner, errors in an alert. */
export function LoginForm({ onSubmit, pending = false, error, defaultValues }: LoginFormProps) {
  const { t } = useLingui();
  const schema = useMemo(
    () =>
      v.object({
        email: v.pipe(v.string(), v.trim(), v.nonEmpty(t`Email is required`), v.email(t`Please enter a valid email address`)),
        password: v.pipe(v.string(), v.nonEmpty(t`Password is required`)),
      }),
    [t],
  );
  const { hydration, register, handleSubmit, errors } = useAuthForm<LoginValues>(schema, { email: "", password: "", ...defaultValues });
  const errorText = useErrorText(error);

  return (
    <AuthCard title={<Trans>Admin sign in</Trans>} intro={<Trans>Sign in to manage blog posts and leads.</Trans>}>
      <chakra.form {...hydration} noValidate onSubmit={handleSubmit((values) => onSubmit(values))} aria-label={t`Admin sign in`}>
        <Stack gap="5">
          <ErrorAlert message={errorText} />
          <FieldFrame label={<Trans>Email</Trans>} required error={errors.email}>
            <Input type="email" autoComplete="username" dir="ltr" {...register("email")} />
          </FieldFrame>
          <FieldFrame label={<Trans>Password</Trans>} required error={errors.password}>
            <Input type="password" autoComplete="current-password" dir="ltr" {...register("password")} />
          </FieldFrame>
          <Button type="submit" colorPalette="brand" size="lg" loading={pending} loadingText={t`Signing in…`}>
            <Trans>Sign In</Trans>
          </Button>
          <AppLink to="/admin/forgot-password" textAlign="center" fontSize="sm" color="brand.fg">
            <Trans>Forgot your password?</Trans>
          </AppLink>
        </Stack>
      </chakra.form>
    </AuthCard>
  );
}
