import { Toast, Toaster, createToaster, useLocaleContext } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";

/** Confirmation toasts for forms that close (the demo dialog). */
export const formToaster = createToaster({ placement: "bottom-end", pauseOnPageIdle: true, max: 3 });

type VisitorToaster = typeof formToaster;

/**
 * Puts a visitor toaster at the bottom of the page's end edge: right in English, left in Arabic. Zag's
 * toast group turns "end" into "left" on a right-to-left page and then positions "left" with the logical
 * `inset-inline-start`, which on that page is the right: flipped twice, the toasts sat bottom-right in
 * Arabic too. Asking for "start" there is flipped once, onto the left. Call it while rendering the toaster
 * (the group reads the placement when it lays out).
 */
export function useEndEdgePlacement(toaster: VisitorToaster) {
  const { dir } = useLocaleContext();
  toaster.attrs.placement = dir === "rtl" ? "bottom-start" : "bottom-end";
}

/** The region and the close button are labelled in the page's language (Chakra's own labels are English). */
export function FormToaster() {
  const { t } = useLingui();
  useEndEdgePlacement(formToaster);
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
