import { Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { FormThanks, SuccessAlert } from "@/components/forms/form";
import { useFormSent } from "@/components/forms/form-echo";
import { DemoBookingForm } from "@/features/booking/components/demo-booking-form";
import { THANKS_ANCHOR } from "@/lib/forms/visitor-forms";
import type { SubmitResult } from "@/lib/submit/submit";

/**
 * The booking page's form (/book): the dialog's form on a page of its own, where "Book a Demo" leads
 * without JavaScript. With it, the page still works and confirms in place.
 */
export function DemoBooking() {
  const sent = useFormSent("demo_booking");
  const [done, setDone] = useState<SubmitResult | null>(sent ? { status: "sent", id: "" } : null);
  return (
    <>
      <FormThanks id={THANKS_ANCHOR.demo_booking}>
        {done ? (
          <SuccessAlert
            mb="6"
            title={<Trans>Demo Scheduled Successfully!</Trans>}
            queued={
              done.status === "queued" ? (
                <Trans>Your booking is saved on this device and will be sent as soon as the connection returns.</Trans>
              ) : null
            }
          >
            <Trans>We'll send you a calendar invite and confirmation email shortly.</Trans>
          </SuccessAlert>
        ) : null}
      </FormThanks>
      <DemoBookingForm formId="demo-booking-page-form" onBooked={(result) => setDone(result)} />
      <Text mt="4" fontSize="xs" color="fg.muted">
        <Trans>We use these details only to arrange your demo.</Trans>
      </Text>
    </>
  );
}
