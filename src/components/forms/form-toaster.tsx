import { Toast, Toaster, createToaster } from "@chakra-ui/react";

/** Confirmation toasts for forms that close (the demo dialog). */
export const formToaster = createToaster({ placement: "bottom-end", pauseOnPageIdle: true, max: 3 });

export function FormToaster() {
  return (
    <Toaster toaster={formToaster} insetInline={{ mdDown: "4" }}>
      {(toast) => (
        <Toast.Root width={{ md: "sm" }}>
          <Toast.Indicator />
          <Toast.Title>{toast.title}</Toast.Title>
          {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
          <Toast.CloseTrigger />
        </Toast.Root>
      )}
    </Toaster>
  );
}
