import { Alert, Button } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useLocale } from "@/lib/i18n/locale-context";

interface RestoredDraftNoticeProps {
  /** When the restored copy was saved (ISO). */
  savedAt: string;
  /** Drops the copy: the editor starts again from the stored post (or an empty one). */
  onDiscard: () => void;
}

/** Shown when the editor opened with changes autosaved earlier (docs/admin-posts.md#never-lost). */
export function RestoredDraftNotice({ savedAt, onDiscard }: RestoredDraftNoticeProps) {
  const { intl } = useLocale();
  const when = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" }).format(new Date(savedAt));
  return (
    <Alert.Root status="info" data-testid="restored-draft">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Trans>Your unsaved changes from {when} were restored.</Trans>
        </Alert.Title>
        <Alert.Description>
          <Trans>They are not published until you save the post.</Trans>
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={onDiscard}>
        <Trans>Discard them</Trans>
      </Button>
    </Alert.Root>
  );
}
