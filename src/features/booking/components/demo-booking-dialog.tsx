import { CloseButton, Dialog, Portal, Text, VisuallyHidden } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import { AppLink } from "@/components/app-link";
import { FormToaster, formToaster } from "@/components/forms/form-toaster";
import { slotStart } from "@/lib/booking/availability";
import { browserTimeZone, slotLabel } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";
import { DemoBookingForm, type DemoBookingFormProps } from "./demo-booking-form";

export interface DemoBookingDialogProps extends Pick<
  DemoBookingFormProps,
  "now" | "submit" | "initialValues" | "loadSlots" | "visitorTimeZone" | "pageMarket" | "loadMarkets"
> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The demo booking dialog (landing hero and footer). Escape, the close button and a successful
 * booking close it; focus returns to the control that opened it.
 */
export default function DemoBookingDialog({ open, onOpenChange, ...formProps }: DemoBookingDialogProps) {
  const { t } = useLingui();
  const { locale, intl } = useLocale();
  // In a new tab: leaving the page would close the dialog and lose what the visitor has filled in.
  const policy = (
    <AppLink to="/privacy-policy" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
      <Trans>privacy policy</Trans>
      <ExternalLink aria-hidden="true" size="12" />
      <VisuallyHidden>
        <Trans>(opens in a new tab)</Trans>
      </VisuallyHidden>
    </AppLink>
  );
  return (
    <>
      <FormToaster />
      <Dialog.Root
        open={open}
        onOpenChange={(d) => onOpenChange(d.open)}
        size={{ base: "full", sm: "md" }}
        scrollBehavior="inside"
        placement="center"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                <Dialog.Title fontSize="2xl">
                  <Trans>Book your 30-minute demo</Trans>
                </Dialog.Title>
                <Dialog.Description color="fg.muted">
                  <Trans>
                    See how every enquiry gets answered in seconds, using your own listings. Pick a weekday and a time that suits you.
                  </Trans>
                </Dialog.Description>
              </Dialog.Header>
              <Dialog.Body pb="6">
                <DemoBookingForm
                  {...formProps}
                  onBooked={(result, input, market) => {
                    onOpenChange(false);
                    // The time on the market's clock and, when it differs, on the visitor's own.
                    const start = slotStart(input.demoDate, input.demoTime, market);
                    const day = new Intl.DateTimeFormat(intl, {
                      weekday: "long",
                      day: "numeric",
                      month: "long",
                      timeZone: market.timeZone,
                    }).format(start);
                    const when = `${day}${locale === "ar" ? "، " : ", "}${slotLabel(start, market.timeZone, formProps.visitorTimeZone ?? browserTimeZone(), locale)}`;
                    formToaster.create({
                      type: "success",
                      title: t`Demo Scheduled Successfully!`,
                      description:
                        result.status === "queued"
                          ? t`Your demo: ${when}. We'll send you a calendar invite and confirmation email shortly. Your booking is saved on this device and will be sent as soon as the connection returns.`
                          : t`Your demo: ${when}. We'll send you a calendar invite and confirmation email shortly.`,
                      duration: 8000,
                    });
                  }}
                />
                <Text mt="4" fontSize="xs" color="fg.muted">
                  <Trans>We use these details only to arrange your demo. See our {policy}.</Trans>
                </Text>
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t`Close`} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
