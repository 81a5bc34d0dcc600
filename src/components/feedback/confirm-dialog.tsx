import { Button, Dialog, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { DialogFooter } from "./dialog-footer";
import { DialogFrame } from "./dialog-frame";

interface ConfirmDialogProps {
  open: boolean;
  /** The dialog's name. */
  title: ReactNode;
  /** What will happen (the dialog's description). */
  description: ReactNode;
  /** More of the body under the description: a field, an error, a note. */
  children?: ReactNode;
  /** The button that closes without acting ("Cancel", "Keep the demo"). */
  cancelLabel: ReactNode;
  /** The button that acts ("Delete", "Move the demo"). */
  confirmLabel: ReactNode;
  /** The confirm button's name while the action runs ("Deleting…"); needed with `pending`. */
  pendingLabel?: string;
  /** The action runs: both buttons wait and the dialog cannot be dismissed. */
  pending?: boolean;
  /** A red confirm button for an action that removes or cannot be undone; otherwise the brand colour. */
  destructive?: boolean;
  confirmDisabled?: boolean;
  /** An alert dialog (the default) asks before something irreversible; a plain dialog holds a choice to make. */
  role?: "alertdialog" | "dialog";
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A keyboard-usable confirmation: Escape, the backdrop and the cancel button close it (unless the
 * action is running), focus moves into the dialog and comes back to what opened it, and the title and
 * description name and describe it. Callers pass every label, so each keeps its own messages.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending = false,
  destructive = true,
  confirmDisabled = false,
  role = "alertdialog",
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const describe = <Dialog.Description>{description}</Dialog.Description>;
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !pending) onCancel();
      }}
      placement="center"
      closeOnInteractOutside={!pending}
    >
      <DialogFrame>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {children ? (
            <Stack gap="4">
              {describe}
              {children}
            </Stack>
          ) : (
            describe
          )}
        </Dialog.Body>
        <DialogFooter closeLabel={cancelLabel} closeDisabled={pending}>
          <Button
            colorPalette={destructive ? "red" : "brand"}
            disabled={confirmDisabled}
            onClick={onConfirm}
            loading={pending}
            loadingText={pendingLabel}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogFrame>
    </Dialog.Root>
  );
}
