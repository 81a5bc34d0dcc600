import { Grid, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import type * as v from "valibot";
import { FormServerError, SubmitButton, VisitorForm, formFields, visitorForm } from "@/components/forms/form";
import { demoBooking, demoBookingFormSchema, demoBookingMessages } from "@/lib/forms/schemas";
import { useLocale } from "@/lib/i18n/locale-context";
import type { SubmitResult } from "@/lib/submit/submit";
import type { LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { type DemoBookingInput, submitDemoBooking } from "../api/submit-demo-booking";
import { DemoSlotFields, useSlotConflict } from "./demo-slot-fields";
import { DEFAULT_DIAL_CODE, DEFAULT_DIAL_COUNTRY, demoDialCodes } from "../schemas/dial-codes";

type DemoBookingSubmit = typeof submitDemoBooking;

export interface DemoBookingFormProps {
  /** Called after the booking was stored or safely queued; the form has reset itself. */
  onBooked?: (result: SubmitResult, input: DemoBookingInput) => void;
  /** The clock for disabled dates (stories pass a fixed one). */
  now?: () => Date;
  /** Injected in stories; defaults to the real submit helper. */
  submit?: DemoBookingSubmit;
  /** Values to start with (stories). */
  initialValues?: Partial<DemoBookingInput>;
  formId?: string;
  /** Free/busy of a day (stories pass a fixed one). */
  loadSlots?: LoadDaySlots;
  /** The visitor's zone (the browser's by default; stories pin one). */
  visitorTimeZone?: string;
}

type DemoBookingFields = v.InferInput<ReturnType<typeof demoBookingFormSchema>>;
const F = formFields<DemoBookingFields>();

const empty: DemoBookingFields = {
  fullName: "",
  email: "",
  countryCode: DEFAULT_DIAL_CODE,
  countryIso: DEFAULT_DIAL_COUNTRY,
  phone: "",
  company: "",
  demoDate: "",
  demoTime: "",
};

const demoBookingForm = visitorForm({
  key: "demo_booking",
  schema: demoBookingFormSchema,
  spec: demoBooking,
  messages: demoBookingMessages,
  empty,
});

/** The demo booking form of the dialog (docs/product.md#booking). */
export function DemoBookingForm({
  onBooked,
  now,
  submit = submitDemoBooking,
  initialValues,
  formId = "demo-booking-form",
  loadSlots,
  visitorTimeZone,
}: DemoBookingFormProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const dialCodes = useMemo(() => demoDialCodes(intl), [intl]);
  const slots = useSlotConflict();
  return (
    <VisitorForm
      id={formId}
      form={demoBookingForm}
      now={now}
      defaultValues={{ ...empty, ...initialValues }}
      send={submit}
      aria-label={t`Book a demo`}
      onSubmitStart={slots.clear}
      onRejected={slots.onRejected}
      onDone={(result, values) => onBooked?.(result, values)}
    >
      <Stack gap="4">
        <FormServerError />
        <F.TextField name="fullName" label={t`Full name`} autoComplete="name" required />
        <F.TextField name="email" type="email" label={t`Work email`} autoComplete="email" inputMode="email" ltr required />
        {/* Country code above the number: at the dialog's width, side by side would cut off "United Arab Emirates (+971)". */}
        <Grid templateColumns="1fr" gap="4">
          <F.DialCodeField name="countryCode" countryField="countryIso" label={t`Country code`} options={dialCodes} required />
          <F.PhoneField name="phone" label={t`Phone number`} required />
        </Grid>
        <F.TextField name="company" label={t`Company (optional)`} autoComplete="organization" />
        <DemoSlotFields now={now} {...slots.fields} loadSlots={loadSlots} visitorTimeZone={visitorTimeZone} />
        <SubmitButton loadingText={t`Booking your demo…`}>
          <Trans>Schedule my demo</Trans>
        </SubmitButton>
      </Stack>
    </VisitorForm>
  );
}
