import { Button, Dialog, Stack, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { DialogFooter } from "@/components/feedback/dialog-footer";
import { DialogFrame } from "@/components/feedback/dialog-frame";
import { useLocale } from "@/lib/i18n/locale-context";
import type { AdminPost, PostFormValues } from "../schemas/post";

interface SaveConflictDialogProps {
  /** The post as stored now, and the values the save was refused for; null closes the dialog. */
  conflict: { current: AdminPost; values: PostFormValues } | null;
  /** The form takes the stored post (the writer's changes are dropped). */
  onReload: () => void;
  /** Back to the form with the writer's changes (nothing saved). */
  onKeep: () => void;
  /** Save the writer's changes over the stored post. */
  onOverwrite: () => void;
}

const COMPARED = ["title", "slug", "excerpt", "content", "hero_image_url", "category", "country", "published", "published_at"] as const;
type Compared = (typeof COMPARED)[number];

/** A value as a short line of text: HTML as its text, long text cut. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = String(value)
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/**
 * A save refused because the post was saved elsewhere (another tab, a colleague) since the writer loaded
 * it (docs/admin-posts.md#never-lost): says so, compares the fields that differ, and offers to load the
 * stored version, keep editing, or save over it.
 */
export function SaveConflictDialog({ conflict, onReload, onKeep, onOverwrite }: SaveConflictDialogProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const labels: Record<Compared, string> = {
    title: t`Title`,
    slug: t`Address (slug)`,
    excerpt: t`Excerpt`,
    content: t`Content`,
    hero_image_url: t`Image`,
    category: t`Category`,
    country: t`Country`,
    published: t`Published`,
    published_at: t`Publish time`,
  };
  const current = conflict?.current;
  const differing = conflict ? COMPARED.filter((k) => show(conflict.current[k]) !== show(conflict.values[k])) : [];
  const savedAt = current
    ? new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" }).format(new Date(current.updated_at))
    : "";
  return (
    <Dialog.Root
      role="alertdialog"
      open={conflict !== null}
      onOpenChange={(e) => (e.open ? undefined : onKeep())}
      size="lg"
      scrollBehavior="inside"
    >
      <DialogFrame data-testid="save-conflict">
        <Dialog.Header>
          <Dialog.Title>
            <Trans>This post was changed elsewhere</Trans>
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Dialog.Description>
              <Trans>
                Someone saved this post at {savedAt} (in another tab or window, or another editor) after you opened it. Your changes were
                not saved, so nothing of theirs was overwritten.
              </Trans>
            </Dialog.Description>
            {differing.length ? (
              <Table.ScrollArea>
                <Table.Root size="sm" variant="outline">
                  <Table.Caption captionSide="top" textAlign="start" fontWeight="600" mb="2">
                    <Trans>What differs</Trans>
                  </Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader scope="col">
                        <Trans>Field</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader scope="col">
                        <Trans>Saved version</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader scope="col">
                        <Trans>Your version</Trans>
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {differing.map((k) => (
                      <Table.Row key={k}>
                        <Table.ColumnHeader as="th" scope="row" fontWeight="500">
                          {labels[k]}
                        </Table.ColumnHeader>
                        <Table.Cell dir="auto" minW="40">
                          {show(conflict!.current[k])}
                        </Table.Cell>
                        <Table.Cell dir="auto" minW="40">
                          {show(conflict!.values[k])}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            ) : (
              <Text fontSize="sm">
                <Trans>The saved version has the same text as yours.</Trans>
              </Text>
            )}
          </Stack>
        </Dialog.Body>
        <DialogFooter flexWrap="wrap" closeLabel={<Trans>Keep editing</Trans>}>
          <Button variant="outline" onClick={onReload}>
            <Trans>Load the saved version</Trans>
          </Button>
          <Button colorPalette="red" onClick={onOverwrite}>
            <Trans>Save mine over it</Trans>
          </Button>
        </DialogFooter>
      </DialogFrame>
    </Dialog.Root>
  );
}
