import { Input } from "@chakra-ui/react";
import { valibotResolver } from "@hookform/resolvers/valibot";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import { ErrorAlert } from "@/components/feedback/error-alert";
import { FormDialog } from "@/components/feedback/form-dialog";
import { FieldFrame, SelectControl } from "@/components/forms/fields";
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
    <FormDialog
      open={open}
      onClose={onClose}
      title={<Trans>Invite a team member</Trans>}
      description={<Trans>They receive an email with a link to choose a password. The link works once, for 72 hours.</Trans>}
      formLabel={t`Invite a team member`}
      onSubmit={handleSubmit((values) => onInvite(values))}
      cancelLabel={<Trans>Cancel</Trans>}
      submitLabel={<Trans>Send the invitation</Trans>}
      submittingLabel={t`Sending…`}
      submitting={sending}
      locked={sending}
    >
      <ErrorAlert message={errorText} />
      <FieldFrame label={<Trans>Email</Trans>} required error={errors.email}>
        <Input type="email" autoComplete="off" dir="ltr" {...register("email")} />
      </FieldFrame>
      <FieldFrame label={<Trans>Role</Trans>} required error={errors.role}>
        <SelectControl
          {...register("role")}
          options={ROLES.map((r) => ({ value: r, label: [roles.name[r], roles.description[r]].join(" — ") }))}
        />
      </FieldFrame>
      <FieldFrame label={<Trans>Language of the invitation</Trans>}>
        <SelectControl
          {...register("locale")}
          options={[
            { value: "ar", label: t`Arabic` },
            { value: "en", label: t`English` },
          ]}
        />
      </FieldFrame>
    </FormDialog>
  );
}
