import { Toast, Toaster, createToaster } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";

/** Confirmation toasts for forms that close (the demo dialog). */
export const formToaster = createToaster({ placement: "bottom-end", pauseOnPageIdle: true, max: 3 });

/** The region and the close button are labelled in the page's language (Chakra's own labels are English). */
export function FormToaster() {
  const { t } = useLingui();
  return (
    <Toaster toaster={formToaster} insetInline={{ mdDown: "4" }} aria-label={t`Notifications`}>
      {(toast) => (
        <Toast.Root width={{ md: "sm" }} bg="ink.900" color="white">
          <Toast.Indicator color="sand.300" />
          <Toast.Title>{toast.title}</Toast.Title>
          {toast.description ? <Toast.Description color="ink.100">{toast.description}</Toast.Description> : null}
          <Toast.CloseTrigger aria-label={t`Close`} />
        </Toast.Root>
      )}
    </Toaster>
  );
}
