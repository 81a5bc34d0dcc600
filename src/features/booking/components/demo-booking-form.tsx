import { Button, Grid, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { useLocation } from "react-router";
import { DialCodeField } from "@/components/forms/dial-code-field";
import { HoneypotField, TextField } from "@/components/forms/fields";
import { Form, FormServerError, applyServerRejection } from "@/components/forms/form";
import { nationalDigits } from "@/lib/forms/schemas";
import { useLocale } from "@/lib/i18n/locale-context";
import type { FreeSlot } from "@/lib/submit/outbox";
import type { SubmitResult } from "@/lib/submit/submit";
import type { LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { type DemoBookingInput, submitDemoBooking } from "../api/submit-demo-booking";
import { useDemoBookingSchema } from "../schemas/booking-schemas";
import { DemoSlotFields } from "./demo-slot-fields";
import { DEFAULT_DIAL_CODE, demoDialCodes } from "../schemas/dial-codes";

export type DemoBookingSubmit = typeof submitDemoBooking;

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

const empty: DemoBookingInput = { fullName: "", email: "", countryCode: DEFAULT_DIAL_CODE, phone: "", company: "", demoDate: "", demoTime: "" };

/** The demo booking form of the dialog (docs/product.md#booking). */
export function DemoBookingForm({ onBooked, now, submit = submitDemoBooking, initialValues, formId = "demo-booking-form", loadSlots, visitorTimeZone }: DemoBookingFormProps) {
  const { t } = useLingui();
  const { locale, intl } = useLocale();
  const { pathname } = useLocation();
  const { schema, messages } = useDemoBookingSchema({ now });
  const dialCodes = useMemo(() => demoDialCodes(intl), [intl]);
  const [conflict, setConflict] = useState<FreeSlot[] | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <Form
      id={formId}
      schema={schema}
      defaultValues={{ ...empty, ...initialValues, website: "" } as never}
      aria-label={t`Book a demo`}
      onSubmit={async (values, form) => {
        const input = values as DemoBookingInput;
        setConflict(null);
        const result = await submit(input, { path: pathname, locale, website: String(form.getValues("website" as never) ?? "") });
        if (result.status === "rejected" && result.httpStatus === 409) {
          // The slot was booked by someone else a moment ago: keep everything typed, offer the next free slots.
          form.setValue("demoTime" as never, "" as never);
          form.setError("demoTime" as never, { type: "server", message: t`This time is no longer available. Please choose another one.` });
          setConflict(result.nextSlots ?? []);
          setReloadKey((k) => k + 1);
          return;
        }
        if (result.status === "rejected") {
          applyServerRejection(form, result.fields, messages as unknown as Record<string, string>, Object.keys(empty), t`We could not accept these details. Please check them and try again.`);
          return;
        }
        form.reset({ ...empty, website: "" } as never);
        onBooked?.(result, input);
      }}
    >
      {(form) => {
        return (
          <Stack gap="4">
            <FormServerError />
            <TextField name="fullName" label={t`Full name`} autoComplete="name" required />
            <TextField name="email" type="email" label={t`Work email`} autoComplete="email" inputMode="email" ltr required />
            {/* Country code above the number: at the dialog's width, side by side would cut off "United Arab Emirates (+971)". */}
            <Grid templateColumns="1fr" gap="4">
              <DialCodeField name="countryCode" label={t`Country code`} options={dialCodes} required />
              <TextField
                name="phone"
                type="tel"
                label={t`Phone number`}
                autoComplete="tel"
                inputMode="numeric"
                transform={(v) => nationalDigits(v, String(form.getValues("countryCode" as never) ?? ""))}
                maxLength={15}
                ltr
                required
              />
            </Grid>
            <TextField name="company" label={t`Company (optional)`} autoComplete="organization" />
            <DemoSlotFields
              now={now}
              conflict={conflict}
              onConflictDone={() => setConflict(null)}
              reloadKey={reloadKey}
              loadSlots={loadSlots}
              visitorTimeZone={visitorTimeZone}
            />
            <HoneypotField label={t`Leave this field empty`} />
            <Button type="submit" colorPalette="brand" size="lg" loading={form.formState.isSubmitting} loadingText={t`Booking your demo…`}>
              <Trans>Schedule my demo</Trans>
            </Button>
          </Stack>
        );
      }}
    </Form>
  );
}
