import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useEndEdgePlacement } from "@/components/forms/form-toaster";

/** The demo's toasts ('Changes saved', 'Email sent!', upload results). */
export const demoToaster = createToaster({ placement: "bottom-end", pauseOnPageIdle: true, max: 3 });

/** The toasts' region is labelled in the page's language (Chakra's own label is English). */
export function DemoToaster() {
  const { t } = useLingui();
  useEndEdgePlacement(demoToaster);
  return (
    <Portal>
      <ChakraToaster toaster={demoToaster} insetInline={{ mdDown: "4" }} aria-label={t`Notifications`}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description opacity={1}>{toast.description}</Toast.Description> : null}
            </Stack>
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
