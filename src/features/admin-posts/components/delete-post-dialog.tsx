import { Button, Dialog, Portal } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";

interface DeletePostDialogProps {
  /** The post's title; null closes the dialog. */
  title: string | null;
  deleting?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The delete confirmation (docs/product.md#admin-posts): a keyboard-usable alert dialog; Cancel has the initial focus. */
export function DeletePostDialog({ title, deleting = false, onCancel, onConfirm }: DeletePostDialogProps) {
  const { t } = useLingui();
  const postTitle = title ?? "";
  return (
    <Dialog.Root
      role="alertdialog"
      open={title !== null}
      onOpenChange={(e) => {
        if (!e.open && !deleting) onCancel();
      }}
      placement="center"
      closeOnInteractOutside={!deleting}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Delete post</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{t`Are you sure you want to delete "${postTitle}"? This action cannot be undone.`}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={deleting}>
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onConfirm} loading={deleting} loadingText={t`Deleting…`}>
                <Trans>Delete</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
