import { Badge, Box, Button, Flex, NativeSelect, Spinner, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { RotateCw, UserMinus, UserPlus } from "lucide-react";
import { DataTable } from "@/components/data/data-table";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { RetryAlert } from "@/components/feedback/retry-alert";
import { AdminScreen } from "@/components/layout/screen-header";
import type { TeamRole } from "@/lib/database.types";
import { useLocale } from "@/lib/i18n/locale-context";
import type { TeamMember } from "../api/list-team";
import { useTeamRoleLabels } from "./team-labels";

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
}

const ROLES: TeamRole[] = ["owner", "editor", "sales"];

/** Admin → Team (owners only, docs/product.md#admin): members, roles, status; invite, change a role, remove. */
export function TeamAdmin({ status, members, currentUserId, busyId, onInvite, onChangeRole, onRemove, onReload }: TeamAdminProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const roles = useTeamRoleLabels();
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : "—";

  return (
    <AdminScreen
      px={{ base: "3", md: "6" }}
      title={<Trans>Team</Trans>}
      description={<Trans>Owners manage everything and the team; editors write posts; sales work on leads, bookings and mail.</Trans>}
      actions={
        <Flex gap="2">
          <Button variant="outline" onClick={onReload} loading={status === "loading"} loadingText={t`Loading…`}>
            <RotateCw aria-hidden="true" />
            <Trans>Refresh</Trans>
          </Button>
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
                <Table.Cell whiteSpace="normal" wordBreak="break-all">
                  <bdi dir="ltr">{m.email}</bdi>
                  {self ? (
                    <Text as="span" color="fg.muted" ms="2" wordBreak="normal">
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
                <Table.Cell hideBelow="md">{badge}</Table.Cell>
                <Table.Cell hideBelow="md">{when(m.last_sign_in_at)}</Table.Cell>
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
    </AdminScreen>
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
