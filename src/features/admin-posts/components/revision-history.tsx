import { Button, Dialog, CloseButton, List, Spinner, Stack, Text, HStack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { History } from "lucide-react";
import { useState } from "react";
import { DialogFooter } from "@/components/feedback/dialog-footer";
import { DialogFrame } from "@/components/feedback/dialog-frame";
import { LoadFailed } from "@/components/feedback/load-failed";
import { useLocale } from "@/lib/i18n/locale-context";
import type { PostRevisionSummary } from "../schemas/post";

interface RevisionHistoryProps {
  /** The post's stored versions, newest first (the container reads them when the dialog opens). */
  load: () => Promise<PostRevisionSummary[]>;
  /** Puts a revision's content in the editor (not saved until the writer saves). */
  onRestore: (revision: PostRevisionSummary) => Promise<void>;
  /** The version the editor shows (marked as current). */
  currentVersion: number | null;
  /** Stories: start open with these revisions. */
  initial?: PostRevisionSummary[];
}

type Loaded = { state: "idle" | "loading" | "failed" } | { state: "ready"; revisions: PostRevisionSummary[] };

/**
 * The post's revision history (docs/admin-posts.md#never-lost): each save, who made it and when; any
 * older one can be put back into the editor, to be saved like any change.
 */
export function RevisionHistory({ load, onRestore, currentVersion, initial }: RevisionHistoryProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const [open, setOpen] = useState(Boolean(initial));
  const [loaded, setLoaded] = useState<Loaded>(initial ? { state: "ready", revisions: initial } : { state: "idle" });
  const [restoring, setRestoring] = useState<string | null>(null);
  const format = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" });

  const fetchRevisions = () => {
    setLoaded({ state: "loading" });
    load().then(
      (revisions) => setLoaded({ state: "ready", revisions }),
      () => setLoaded({ state: "failed" }),
    );
  };
  const restore = (revision: PostRevisionSummary) => {
    setRestoring(revision.id);
    onRestore(revision).then(
      () => {
        setRestoring(null);
        setOpen(false);
      },
      () => setRestoring(null),
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) fetchRevisions();
      }}
      size="md"
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>
        <Button type="button" size="sm" variant="outline">
          <History aria-hidden="true" />
          <Trans>Revision history</Trans>
        </Button>
      </Dialog.Trigger>
      <DialogFrame>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Revision history</Trans>
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Dialog.Description fontSize="sm" color="fg.muted" mb="4">
            <Trans>Every save is kept. Restoring puts that version in the editor; save to keep it.</Trans>
          </Dialog.Description>
          {loaded.state === "ready" ? (
            loaded.revisions.length ? (
              <List.Root variant="plain" gap="3" data-testid="revisions">
                {loaded.revisions.map((r) => {
                  const when = format.format(new Date(r.created_at));
                  const author = r.author_email;
                  return (
                    <List.Item key={r.id} borderBottomWidth="1px" pb="3" display="block">
                      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
                        <Stack gap="0.5" minW="0" flex="1">
                          <Text fontWeight="600" dir="auto" truncate>
                            {r.title}
                          </Text>
                          <Text fontSize="sm" color="fg.muted">
                            {author ? (
                              <Trans>
                                {when} by <bdi>{author}</bdi>
                              </Trans>
                            ) : (
                              when
                            )}
                          </Text>
                        </Stack>
                        {r.version === currentVersion ? (
                          <Text fontSize="sm" fontWeight="500" color="brand.fg">
                            <Trans>Current</Trans>
                          </Text>
                        ) : (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => restore(r)}
                            loading={restoring === r.id}
                            loadingText={t`Restoring…`}
                            disabled={restoring !== null}
                            aria-label={t`Restore the version of ${when}`}
                          >
                            <Trans>Restore</Trans>
                          </Button>
                        )}
                      </HStack>
                    </List.Item>
                  );
                })}
              </List.Root>
            ) : (
              <Text>
                <Trans>No saved versions yet.</Trans>
              </Text>
            )
          ) : loaded.state === "failed" ? (
            <LoadFailed place="section" message={<Trans>Could not load the revision history.</Trans>} onRetry={fetchRevisions} />
          ) : (
            <HStack role="status" gap="2">
              <Spinner size="sm" />
              <Text>
                <Trans>Loading revisions…</Trans>
              </Text>
            </HStack>
          )}
        </Dialog.Body>
        <DialogFooter closeLabel={<Trans>Close</Trans>} />
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label={t`Close`} />
        </Dialog.CloseTrigger>
      </DialogFrame>
    </Dialog.Root>
  );
}
