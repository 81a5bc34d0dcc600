import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";

/** The admin area's toasts (docs/product.md#auth). One instance, hosted by the admin layout. */
// Top centre, under the admin bar: a corner placement covered form fields (the post editor's
// category, country and read-time fields sit in its side column, at the bottom of the screen).
export const adminToaster = createToaster({
  placement: "top",
  offsets: { top: "4.5rem", bottom: "1rem", left: "1rem", right: "1rem" },
  pauseOnPageIdle: true,
  max: 4,
});

type Notify = (toast: { type: "success" | "error" | "info"; title: string; description?: string }) => void;

export const notifyWithAdminToaster: Notify = ({ type, title, description }) => {
  adminToaster.create({ type, title, description, closable: true, duration: type === "error" ? 8000 : 5000 });
};

export function AdminToaster() {
  const { t } = useLingui();
  return (
    <Portal>
      <ChakraToaster toaster={adminToaster} insetInline={{ mdDown: "4" }} aria-label={t`Notifications`}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            {toast.type === "loading" ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description opacity={1}>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger aria-label={t`Close`} /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
