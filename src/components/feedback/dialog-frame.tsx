import { Dialog, Portal } from "@chakra-ui/react";

/** A dialog's window, portalled over a backdrop and placed by its positioner; props go to its content (`as="form"`, a test id). */
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
