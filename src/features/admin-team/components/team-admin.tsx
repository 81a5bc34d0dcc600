import { Badge, Box, Button, Checkbox, Flex, NativeSelect, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { UserMinus, UserPlus } from "lucide-react";
import { RefreshButton } from "@/components/refresh-button";
import { DataTable } from "@/components/data/data-table";
import { EmailText } from "@/components/data/email-text";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { RetryAlert } from "@/components/feedback/retry-alert";
import { AdminScreen } from "@/components/layout/screen-header";
import type { TeamRole } from "@/lib/database.types";
import { useLocale } from "@/lib/i18n/locale-context";
import { formatZoned, useStaffTimeZone } from "@/lib/staff-clock/staff-clock";
import type { TeamMember } from "../api/list-team";
import type { MarketChoice } from "../api/sales-copies";
import { useTeamRoleLabels } from "./team-labels";
import { CheckboxControl } from "@/components/forms/checkbox-control";

interface TeamAdminProps {
  status: "loading" | "failed" | "ready";
  members: TeamMember[];
  /** The signed-in owner: their own row cannot be changed or removed. */
  currentUserId: string;
  /** The member whose role or membership is being changed. */
  busyId?: string | null;
  onInvite: () => void;
  onChangeRole: (member: TeamMember, role: TeamRole) => void;
  onRemove: (member: TeamMember) => void;
  onReload: () => void;
  /** The markets a member can sell in. */
  markets?: MarketChoice[];
  /** New markets of a member (null: every market). */
  onChangeMarkets?: (member: TeamMember, marketIds: string[] | null) => void;
  onChangeAway?: (member: TeamMember, away: boolean) => void;
  /** Sections under the table (the copy recipients). */
  children?: ReactNode;
}

const ROLES: TeamRole[] = ["owner", "editor", "sales"];

/** Admin → Team (owners only, docs/product.md#admin): members, roles, status; invite, change a role, remove. */
export function TeamAdmin({
  status,
  members,
  currentUserId,
  busyId,
  onInvite,
  onChangeRole,
  onRemove,
  onReload,
  markets = [],
  onChangeMarkets,
  onChangeAway,
  children,
}: TeamAdminProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const timeZone = useStaffTimeZone();
  const roles = useTeamRoleLabels();
  const when = (iso: string | null) => (iso ? formatZoned(iso, timeZone, locale) : "—");

  return (
    <AdminScreen
      px={{ base: "3", md: "6" }}
      title={<Trans>Team</Trans>}
      description={<Trans>Owners manage everything and the team; editors write posts; sales work on leads, bookings and mail.</Trans>}
      actions={
        <Flex gap="2">
          <RefreshButton onClick={onReload} loading={status === "loading"} />
          <Button colorPalette="brand" onClick={onInvite}>
            <UserPlus aria-hidden="true" />
            <Trans>Invite</Trans>
          </Button>
        </Flex>
      }
    >
      {status === "failed" ? (
        <RetryAlert
          announce
          title={<Trans>The team could not be loaded.</Trans>}
          retryLabel={<Trans>Try again</Trans>}
          onRetry={onReload}
        />
      ) : status === "loading" && members.length === 0 ? (
        <Flex justify="center" py="16" role="status" aria-label={t`Loading…`}>
          <Spinner size="lg" />
        </Flex>
      ) : (
        // On a phone, email, role and Remove stay; the status folds under the email, the last sign-in is left out.
        <DataTable
          framed
          size={{ base: "sm", md: "md" }}
          testId="team-table"
          caption={<Trans>Team members</Trans>}
          columns={[
            { key: "email", label: <Trans>Email</Trans> },
            { key: "role", label: <Trans>Role</Trans> },
            { key: "status", label: <Trans>Status</Trans>, hideBelow: "md" },
            { key: "markets", label: <Trans>Markets</Trans>, hideBelow: "md" },
            { key: "last-sign-in", label: <Trans>Last sign-in</Trans>, hideBelow: "md" },
            { key: "actions", label: <Trans>Actions</Trans>, textAlign: "end" },
          ]}
          rows={members}
          renderRow={(m) => {
            const self = m.user_id === currentUserId;
            const email = m.email;
            const badge =
              m.status === "invited" ? (
                <Badge colorPalette="orange">
                  <Trans>Invited</Trans>
                </Badge>
              ) : (
                <Badge colorPalette="green">
                  <Trans>Active</Trans>
                </Badge>
              );
            return (
              <Table.Row key={m.user_id} data-testid="team-member">
                <Table.Cell whiteSpace="normal">
                  <EmailText email={m.email} />
                  {self ? (
                    <Text as="span" color="fg.muted" ms="2">
                      <Trans>(you)</Trans>
                    </Text>
                  ) : null}
                  <Box hideFrom="md" mt="1">
                    {badge}
                  </Box>
                </Table.Cell>
                <Table.Cell>
                  {self ? (
                    roles.name[m.role]
                  ) : (
                    <NativeSelect.Root size="sm" width={{ base: "28", md: "40" }} disabled={busyId === m.user_id}>
                      <NativeSelect.Field
                        aria-label={t`Role of ${email}`}
                        value={m.role}
                        onChange={(e) => onChangeRole(m, e.target.value as TeamRole)}
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {roles.name[r]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  )}
                </Table.Cell>
                <Table.Cell hideBelow="md">
                  <Stack gap="1" align="start">
                    {badge}
                    {m.away ? (
                      <Badge colorPalette="gray">
                        <Trans>Away</Trans>
                      </Badge>
                    ) : null}
                  </Stack>
                </Table.Cell>
                <Table.Cell hideBelow="md">
                  <MemberMarkets
                    member={m}
                    markets={markets}
                    disabled={self || busyId === m.user_id || !onChangeMarkets}
                    onChange={(ids) => onChangeMarkets?.(m, ids)}
                  />
                  {m.role !== "editor" ? (
                    <Checkbox.Root
                      mt="2"
                      size="sm"
                      checked={m.away}
                      disabled={self || busyId === m.user_id || !onChangeAway}
                      onCheckedChange={(e) => onChangeAway?.(m, e.checked === true)}
                      data-testid="member-away"
                    >
                      <Checkbox.HiddenInput aria-label={t`${email} is away`} />
                      <CheckboxControl />
                      <Checkbox.Label>
                        <Trans>Away (no new leads)</Trans>
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ) : null}
                </Table.Cell>
                <Table.Cell hideBelow="md">
                  {when(m.last_sign_in_at)}
                  {m.time_zone ? (
                    <Text fontSize="xs" color="fg.muted">
                      <Trans>Clock: {m.time_zone}</Trans>
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {self ? null : (
                    <Button
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => onRemove(m)}
                      aria-label={t`Remove ${email}`}
                      disabled={busyId === m.user_id}
                    >
                      <UserMinus aria-hidden="true" />
                      {/* The icon alone on a phone; the button keeps its name ("Remove …"). */}
                      <Box as="span" hideBelow="sm">
                        <Trans>Remove</Trans>
                      </Box>
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          }}
        />
      )}
      {children}
    </AdminScreen>
  );
}

/**
 * The markets a sales member sells in, one box each; every box ticked is "every market" (null), and the
 * last box cannot be unticked. Owners and editors are not given leads by market: shown as a line.
 */
function MemberMarkets({
  member,
  markets,
  disabled,
  onChange,
}: {
  member: TeamMember;
  markets: MarketChoice[];
  disabled?: boolean;
  onChange: (marketIds: string[] | null) => void;
}) {
  const { t } = useLingui();
  const { locale } = useLocale();
  if (member.role !== "sales")
    return (
      <Text fontSize="sm" color="fg.muted">
        {member.role === "owner" ? <Trans>Backup for markets without sales</Trans> : "—"}
      </Text>
    );
  const chosen = member.market_ids ?? markets.map((k) => k.id);
  const email = member.email;
  return (
    <Stack gap="1" role="group" aria-label={t`Markets of ${email}`} data-testid="member-markets">
      {markets.map((k) => {
        const on = chosen.includes(k.id);
        const name = locale === "ar" ? k.name_ar : k.name_en;
        return (
          <Checkbox.Root
            key={k.id}
            size="sm"
            checked={on}
            disabled={disabled || (on && chosen.length === 1)}
            onCheckedChange={(e) => {
              const next = e.checked === true ? [...chosen, k.id] : chosen.filter((id) => id !== k.id);
              onChange(markets.every((x) => next.includes(x.id)) ? null : next);
            }}
          >
            <Checkbox.HiddenInput />
            <CheckboxControl />
            <Checkbox.Label>{name}</Checkbox.Label>
          </Checkbox.Root>
        );
      })}
      {member.market_ids === null ? (
        <Text fontSize="xs" color="fg.muted">
          <Trans>Every market</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

interface RemoveMemberDialogProps {
  member: TeamMember | null;
  removing?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The removal confirmation: an alert dialog; Cancel has the initial focus. */
export function RemoveMemberDialog({ member, removing = false, onCancel, onConfirm }: RemoveMemberDialogProps) {
  const { t } = useLingui();
  const email = member?.email ?? "";
  return (
    <ConfirmDialog
      open={member !== null}
      title={<Trans>Remove from the team</Trans>}
      description={t`Remove ${email} from the team? They lose access to the admin at once. You can invite them again later.`}
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Remove</Trans>}
      pendingLabel={t`Removing…`}
      pending={removing}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

interface ChangeRoleDialogProps {
  /** The member and the role chosen for them; null: closed. */
  change: { member: TeamMember; role: TeamRole } | null;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A role changes only once confirmed: the select may slip (to Owner, say), and the dialog says what the new
 * role can do. Cancel has the initial focus and leaves the role as it was.
 */
export function ChangeRoleDialog({ change, pending = false, onCancel, onConfirm }: ChangeRoleDialogProps) {
  const { t } = useLingui();
  const roles = useTeamRoleLabels();
  const email = change?.member.email ?? "";
  const from = change ? roles.name[change.member.role] : "";
  const to = change ? roles.name[change.role] : "";
  const can = change ? roles.description[change.role] : "";
  return (
    <ConfirmDialog
      open={change !== null}
      title={<Trans>Change the role</Trans>}
      description={t`Make ${email} ${to} instead of ${from}? ${to}: ${can}. The change applies at their next page load.`}
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Change the role</Trans>}
      pendingLabel={t`Saving…`}
      pending={pending}
      destructive={change?.role === "owner"}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
