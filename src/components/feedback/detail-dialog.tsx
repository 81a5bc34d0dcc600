import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface DetailDialogProps {
  open: boolean;
  onClose: () => void;
  /** The header's content: a `Dialog.Title` (the dialog's name) and anything under it (badges). */
  header: ReactNode;
  /** The footer's button that closes ("Close"). */
  closeLabel: ReactNode;
  /** The accessible name of the corner close button. */
  closeName: string;
  /** Buttons before the close button in the footer ("Send again"). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A large dialog that shows one record (a lead, a message): the body scrolls inside it, Escape, the
 * backdrop, the corner button and the footer's close button close it, and focus returns to the row
 * that opened it.
 */
export function DetailDialog({ open, onClose, header, closeLabel, closeName, actions, children }: DetailDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>{header}</Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              {actions}
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{closeLabel}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeName} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
