import { Alert, Button, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { BulkChange } from "../api/bulk-update-leads";
import type { LeadOwner } from "../api/list-lead-owners";
import { LEAD_STATUSES, type LeadStatus } from "../lib/pipeline";
import { useLeadLabels } from "./lead-labels";

export interface LeadsBulk {
  selected: string[];
  saving: boolean;
  /** How many leads the last change changed, of how many were selected. */
  result: { changed: number; selected: number } | null;
  error: string | null;
  onToggle: (id: string) => void;
  onTogglePage: (ids: string[], selected: boolean) => void;
  onApply: (change: BulkChange) => void;
  onClear: () => void;
}

/** A bulk action as a select's value: "status:won", "owner:<user id>", "unassign". */
function changeOf(value: string): BulkChange | null {
  if (value === "unassign") return { kind: "unassign" };
  const [kind, rest] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
  if (kind === "status" && (LEAD_STATUSES as readonly string[]).includes(rest)) return { kind: "status", status: rest as LeadStatus };
  if (kind === "owner" && rest) return { kind: "owner", ownerId: rest };
  return null;
}

/**
 * What to do with the selected leads: one action (a status, an owner, unassign) applied to all of them at
 * once. The count of selected leads, and then what changed, is announced (a polite live region). The chosen
 * action is held by the inbox, not here: the bar is not on screen while the list reloads (a search that
 * lands after the action was chosen), and the choice must not be lost with it.
 */
export function LeadsBulkBar({
  bulk,
  owners,
  action,
  onActionChange,
}: {
  bulk: LeadsBulk;
  owners: LeadOwner[];
  /** The chosen action, as the select's value ("" for none). */
  action: string;
  onActionChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const { statusLabel } = useLeadLabels();
  const n = bulk.selected.length;
  const change = changeOf(action);
  return (
    <Stack gap="2" layerStyle="panel" px="3" py="2" data-testid="leads-bulk-bar">
      <form
        aria-label={t`Change the selected leads`}
        onSubmit={(e) => {
          e.preventDefault();
          if (change && n > 0) bulk.onApply(change);
        }}
      >
        <HStack gap="2" wrap="wrap">
          {/* Before a selection the line is a muted hint, so it does not read as a field to type in. */}
          <Text
            role="status"
            flex="1 1 10rem"
            data-testid="leads-selected-count"
            fontWeight={n > 0 || bulk.result ? "600" : "normal"}
            fontSize={n > 0 || bulk.result ? "md" : "sm"}
            color={n > 0 || bulk.result ? undefined : "fg.muted"}
          >
            {bulk.result ? (
              <Plural value={bulk.result.changed} _0="No lead needed a change" one="# lead changed" other="# leads changed" />
            ) : n > 0 ? (
              <Plural value={n} one="# lead selected" other="# leads selected" />
            ) : (
              <Trans>Select leads to change several at once</Trans>
            )}
          </Text>
          {/* The actions show once a lead is selected: on a phone the first lead stays on the first screen. */}
          {n > 0 ? (
            <>
              <NativeSelect.Root size="sm" width="auto" flex="1 1 12rem" disabled={n === 0 || bulk.saving}>
                <NativeSelect.Field
                  aria-label={t`Action for the selected leads`}
                  value={action}
                  onChange={(e) => onActionChange(e.target.value)}
                  minH="10"
                >
                  <option value="">{t`Choose an action…`}</option>
                  <optgroup label={t`Change the status to`}>
                    {LEAD_STATUSES.map((s) => (
                      <option key={s} value={`status:${s}`}>
                        {statusLabel(s)}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label={t`Assign to`}>
                    {owners.map((o) => (
                      <option key={o.user_id} value={`owner:${o.user_id}`}>
                        {o.email}
                      </option>
                    ))}
                    <option value="unassign">{t`Nobody (unassign)`}</option>
                  </optgroup>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button
                type="submit"
                size="sm"
                minH="10"
                colorPalette="brand"
                disabled={n === 0 || !change}
                loading={bulk.saving}
                loadingText={t`Saving…`}
              >
                <Trans>Apply to selected</Trans>
              </Button>
            </>
          ) : null}
          {n > 0 ? (
            <Button type="button" size="sm" minH="10" variant="ghost" onClick={bulk.onClear} disabled={bulk.saving}>
              <Trans>Clear selection</Trans>
            </Button>
          ) : null}
        </HStack>
      </form>
      {bulk.error ? (
        <Alert.Root status="error" size="sm" rounded="md">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>The change was not saved: {bulk.error}</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
