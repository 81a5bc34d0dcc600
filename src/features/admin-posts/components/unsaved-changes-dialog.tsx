import { Trans } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";

/** Asks before leaving the editor with unsaved changes (keyboard-usable alert dialog). */
export function UnsavedChangesDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title={<Trans>Leave without saving?</Trans>}
      description={<Trans>You have unsaved changes. If you leave this page, they will be lost.</Trans>}
      cancelLabel={<Trans>Stay on this page</Trans>}
      confirmLabel={<Trans>Leave</Trans>}
      onCancel={onStay}
      onConfirm={onLeave}
    />
  );
}
