import { Toast, Toaster, createToaster } from "@chakra-ui/react";

/** Confirmation toasts for forms that close (the demo dialog). */
export const formToaster = createToaster({ placement: "bottom-end", pauseOnPageIdle: true, max: 3 });

export function FormToaster() {
  return (
    <Toaster toaster={formToaster} insetInline={{ mdDown: "4" }}>
      {(toast) => (
        <Toast.Root width={{ md: "sm" }} bg="ink.900" color="white">
          <Toast.Indicator color="sand.300" />
          <Toast.Title>{toast.title}</Toast.Title>
          {toast.description ? <Toast.Description color="ink.100">{toast.description}</Toast.Description> : null}
          <Toast.CloseTrigger />
        </Toast.Root>
      )}
    </Toaster>
  );
}
