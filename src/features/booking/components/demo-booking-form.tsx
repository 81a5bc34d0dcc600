import { Grid, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFormContext } from "react-hook-form";
import type * as v from "valibot";
import { FormServerError, SubmitButton, VisitorForm, formFields, visitorForm } from "@/components/forms/form";
import { demoBooking, demoBookingFormSchema, demoBookingMessages } from "@/lib/forms/schemas";
import { useLocale } from "@/lib/i18n/locale-context";
import type { SubmitResult } from "@/lib/submit/submit";
import type { LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { type DemoBookingInput, submitDemoBooking } from "../api/submit-demo-booking";
import { DemoSlotFields, useSlotConflict } from "./demo-slot-fields";
import { DEFAULT_DIAL_CODE, DEFAULT_DIAL_COUNTRY, demoDialCodes } from "../schemas/dial-codes";
import { type CountryCode, getCountryCallingCode } from "libphonenumber-js/min";
import type { Market } from "@/lib/booking/markets";
import { type LoadMarkets, useBookingMarket } from "./use-booking-market";

type DemoBookingSubmit = typeof submitDemoBooking;

export interface DemoBookingFormProps {
  /** Called after the booking was stored or safely queued (with the market it is on); the form has reset itself. */
  onBooked?: (result: SubmitResult, input: DemoBookingInput, market: Market) => void;
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
  /** The page's market, when it has one (docs/markets.md). */
  pageMarket?: string;
  /** The markets and their calendars (stories pass fixed ones). */
  loadMarkets?: LoadMarkets;
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
  pageMarket,
  loadMarkets,
}: DemoBookingFormProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const dialCodes = useMemo(() => demoDialCodes(intl), [intl]);
  const slots = useSlotConflict();
  const [dial, setDial] = useState(initialValues?.countryCode ?? DEFAULT_DIAL_CODE);
  const [countryTouched, setCountryTouched] = useState(false);
  // The dial code picks the market once the visitor chose one (the default +971 says nothing about them).
  const markets = useBookingMarket({ pageMarket, visitorTimeZone, loadMarkets, dial: countryTouched ? dial : undefined });
  const market = markets.market;
  // The code the form set itself from the market (DialFollowsMarket): not a choice of the visitor's.
  const autoDial = useRef<string | null>(null);
  const onDial = useCallback((d: string) => {
    setDial(d);
    if (d !== DEFAULT_DIAL_CODE && d !== autoDial.current) setCountryTouched(true);
  }, []);
  const followDial = useCallback((d: string) => {
    autoDial.current = d;
  }, []);
  return (
    <VisitorForm
      id={formId}
      form={demoBookingForm}
      now={now}
      availability={market}
      defaultValues={{ ...empty, ...initialValues }}
      send={(values, opts) => submit({ ...values, market: market.id }, opts)}
      aria-label={t`Book a demo`}
      onSubmitStart={slots.clear}
      onRejected={slots.onRejected}
      onDone={(result, values) => onBooked?.(result, values, market)}
    >
      <DialWatcher onDial={onDial} />
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
        <DemoSlotFields now={now} {...slots.fields} {...markets.fields} loadSlots={loadSlots} />
        <SubmitButton loadingText={t`Booking your demo…`}>
          <Trans>Schedule my demo</Trans>
        </SubmitButton>
      </Stack>
      {/* After the fields: its effect runs once the country code field listens for changes. */}
      {countryTouched ? null : <DialFollowsMarket market={market} onFollow={followDial} />}
    </VisitorForm>
  );
}

/**
 * Until the visitor picks a country, the dial code follows the market on screen (from the page, the
 * browser's zone or the switcher): a Toronto browser on the Canada calendar starts with +1, and back to
 * +971 if they switch to the UAE. Only while the phone is still empty: a number typed for one country is
 * never re-read as another's.
 */
function DialFollowsMarket({ market, onFollow }: { market: Market; onFollow: (dial: string) => void }) {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    const iso = market.countryCodes[0];
    if (!iso || market.countryCodes.includes(String(getValues("countryIso"))) || String(getValues("phone") ?? "") !== "") return;
    let dial: string;
    try {
      dial = `+${getCountryCallingCode(iso as CountryCode)}`;
    } catch {
      return;
    }
    onFollow(dial);
    setValue("countryIso", iso);
    setValue("countryCode", dial);
  }, [market, getValues, setValue, onFollow]);
  return null;
}

/** Reports the chosen dial code (the market follows the visitor's country). */
function DialWatcher({ onDial }: { onDial: (dial: string) => void }) {
  const dial = useFormContext().watch("countryCode") as string | undefined;
  useEffect(() => {
    if (dial) onDial(dial);
  }, [dial, onDial]);
  return null;
}
