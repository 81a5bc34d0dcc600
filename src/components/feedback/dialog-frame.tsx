import { Dialog, Portal } from "@chakra-ui/react";

/**
 * A dialog's window, portalled over a backdrop and placed by its positioner; props go to its content (a
 * test id). A dialog with a form holds it as its child (`<chakra.form>` around header, body and footer),
 * never `as="form"`: a form element given the dialog's role is neither a dialog nor a form to assistive
 * technology (axe: aria-allowed-role).
 */
export function DialogFrame({ children, ...props }: Dialog.ContentProps) {
  return (
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content {...props}>{children}</Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  );
}
