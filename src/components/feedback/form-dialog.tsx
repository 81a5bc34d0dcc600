import { Button, Dialog, Portal, Stack, chakra } from "@chakra-ui/react";
import type { FormEventHandler, ReactNode } from "react";

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's name. */
  title: ReactNode;
  /** What the form does, first in the body (the dialog's description). */
  description?: ReactNode;
  /** The form's accessible name, when it needs one of its own. */
  formLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The button that closes without acting ("Cancel"). */
  cancelLabel: ReactNode;
  /** The submit button ("Apply", "Send the invitation"). */
  submitLabel: ReactNode;
  /** The submit button's name while `submitting` ("Sending…"). */
  submittingLabel?: string;
  /** The submit button shows it is busy. */
  submitting?: boolean;
  /** The dialog cannot be dismissed and Cancel waits (an action that must not be left half done). */
  locked?: boolean;
  /** A button at the footer's start ("Remove link"). */
  extraAction?: ReactNode;
  /** The field to focus on opening (the first focusable one otherwise). */
  initialFocusEl?: () => HTMLElement | null;
  /** The fields, stacked. */
  children: ReactNode;
}

/**
 * A small dialog holding a form: Escape, the backdrop and Cancel close it (unless `locked`), focus
 * moves into it and returns to what opened it; the footer holds Cancel and the submit button.
 * Callers pass every label, so each keeps its own messages.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  formLabel,
  onSubmit,
  cancelLabel,
  submitLabel,
  submittingLabel,
  submitting = false,
  locked = false,
  extraAction,
  initialFocusEl,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !locked) onClose();
      }}
      placement="center"
      closeOnInteractOutside={!locked}
      initialFocusEl={initialFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form noValidate onSubmit={onSubmit} aria-label={formLabel}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {description ? <Dialog.Description>{description}</Dialog.Description> : null}
                  {children}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                {extraAction}
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline" disabled={locked}>
                    {cancelLabel}
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={submitting} loadingText={submittingLabel}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
