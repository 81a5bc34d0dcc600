import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { isolateText } from "@/lib/i18n/bidi";

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
  // Isolated: an Arabic title in the English sentence (or the reverse) keeps its brackets in order.
  const postTitle = isolateText(title ?? "");
  return (
    <ConfirmDialog
      open={title !== null}
      title={<Trans>Delete post</Trans>}
      description={t`Are you sure you want to delete "${postTitle}"? This action cannot be undone.`}
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Delete</Trans>}
      pendingLabel={t`Deleting…`}
      pending={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
