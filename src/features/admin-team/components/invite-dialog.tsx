import { Alert, Button, Dialog, Field, Input, NativeSelect, Portal, Stack, chakra } from "@chakra-ui/react";
import { valibotResolver } from "@hookform/resolvers/valibot";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import type { TeamRole } from "@/lib/database.types";
import type { InviteInput } from "../api/invite-member";
import type { TeamErrorKind } from "../api/team-errors";
import { useTeamErrorText, useTeamRoleLabels } from "./team-labels";

interface InviteDialogProps {
  open: boolean;
  sending?: boolean;
  error?: TeamErrorKind | null;
  /** The invitation's default language: the admin's own. */
  defaultLocale: "ar" | "en";
  onClose: () => void;
  onInvite: (input: InviteInput) => void;
}

const ROLES: TeamRole[] = ["editor", "sales", "owner"];

/** Invite someone: email, role and the language of the invitation email (docs/product.md#admin). */
export function InviteDialog({ open, sending = false, error, defaultLocale, onClose, onInvite }: InviteDialogProps) {
  const { t } = useLingui();
  const roles = useTeamRoleLabels();
  const errorText = useTeamErrorText(error);
  const schema = useMemo(
    () =>
      v.object({
        email: v.pipe(v.string(), v.trim(), v.nonEmpty(t`Email is required`), v.email(t`Please enter a valid email address`)),
        role: v.picklist(ROLES, t`Choose a role`),
        locale: v.picklist(["ar", "en"] as const),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteInput>({ resolver: valibotResolver(schema), defaultValues: { email: "", role: "editor", locale: defaultLocale } });

  useEffect(() => {
    if (open) reset({ email: "", role: "editor", locale: defaultLocale });
  }, [open, reset, defaultLocale]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !sending) onClose();
      }}
      placement="center"
      closeOnInteractOutside={!sending}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form noValidate onSubmit={handleSubmit((values) => onInvite(values))} aria-label={t`Invite a team member`}>
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>Invite a team member</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>
                    <Trans>They receive an email with a link to choose a password. The link works once, for 72 hours.</Trans>
                  </Dialog.Description>
                  {errorText ? (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{errorText}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  <Field.Root invalid={Boolean(errors.email)} required>
                    <Field.Label>
                      <Trans>Email</Trans>
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="email" autoComplete="off" dir="ltr" {...register("email")} />
                    <Field.ErrorText color="red.700">{errors.email?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.role)} required>
                    <Field.Label>
                      <Trans>Role</Trans>
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register("role")}>
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {[roles.name[r], roles.description[r]].join(" — ")}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText color="red.700">{errors.role?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>
                      <Trans>Language of the invitation</Trans>
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register("locale")}>
                        <option value="ar">{t`Arabic`}</option>
                        <option value="en">{t`English`}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline" disabled={sending}>
                    <Trans>Cancel</Trans>
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={sending} loadingText={t`Sending…`}>
                  <Trans>Send the invitation</Trans>
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
