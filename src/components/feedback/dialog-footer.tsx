import { Button, Dialog } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface DialogFooterProps extends Dialog.FooterProps {
  /** The outline button that closes the dialog without acting ("Cancel", "Close", "Keep editing"). */
  closeLabel: ReactNode;
  closeDisabled?: boolean;
  /** The dialog's own actions, after the close button. */
  children?: ReactNode;
}

/** A dialog's footer: the button that closes it (through the dialog, so its `onOpenChange` runs), then its actions. */
export function DialogFooter({ closeLabel, closeDisabled, children, ...props }: DialogFooterProps) {
  return (
    <Dialog.Footer {...props}>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" disabled={closeDisabled}>
          {closeLabel}
        </Button>
      </Dialog.ActionTrigger>
      {children}
    </Dialog.Footer>
  );
}
