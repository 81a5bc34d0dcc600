import { Button, Dialog, Portal } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";

/** Asks before leaving the editor with unsaved changes (keyboard-usable alert dialog). */
export function UnsavedChangesDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => (e.open ? undefined : onStay())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Leave without saving?</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                <Trans>You have unsaved changes. If you leave this page, they will be lost.</Trans>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">
                  <Trans>Stay on this page</Trans>
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onLeave}>
                <Trans>Leave</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
