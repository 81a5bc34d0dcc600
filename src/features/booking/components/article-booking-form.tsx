import { Alert, Box, Button, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useRef, useState } from "react";
import { SelectField, HoneypotField, TextField } from "@/components/forms/fields";
import { Form, FormServerError, applyServerRejection } from "@/components/forms/form";

import { useReveal } from "@/components/forms/use-reveal";
import { browserTimeZone, slotLabel } from "@/lib/booking/slot-label";
import { DEFAULT_AVAILABILITY, slotStart } from "@/lib/booking/availability";
import { nationalDigits } from "@/lib/forms/schemas";
import type { FreeSlot } from "@/lib/submit/outbox";
import type { LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { DemoSlotFields } from "./demo-slot-fields";
import { useLocale } from "@/lib/i18n/locale-context";
import { type DemoBookingInput, submitDemoBooking } from "../api/submit-demo-booking";
import { useArticleBookingSchema } from "../schemas/booking-schemas";

export interface ArticleBookingFormProps {
  /** The article's path ("/blog/my-post" or "/en/blog/my-post"); sent with the booking. */
  path: string;
  /** The call-to-action headline above the form (names UAE, Canada or global). */
  headline: ReactNode;
  /** A line under the headline. */
  description?: ReactNode;
  /** The clock for disabled dates (stories pass a fixed one). */
  now?: () => Date;
  /** Injected in stories; defaults to the real submit helper. */
  submit?: typeof submitDemoBooking;
  /** Free/busy of a day (stories pass a fixed one). */
  loadSlots?: LoadDaySlots;
  /** The visitor's zone (the browser's by default; stories pin one). */
  visitorTimeZone?: string;
}

const empty = { fullName: "", email: "", phone: "", company: "", country: "", demoDate: "", demoTime: "", website: "" };

/**
 * The booking form under an article (docs/product.md#booking): stricter phone
 * (exactly 10 digits), company and country required, slots from 9:00 AM to 4:30 PM. It goes through
 * the same submit helper as every other form, then confirms with the date and time and resets.
 */
export function ArticleBookingForm({ path, headline, description, now, submit = submitDemoBooking, loadSlots, visitorTimeZone }: ArticleBookingFormProps) {
  const { t } = useLingui();
  const { locale, intl } = useLocale();
  const [conflict, setConflict] = useState<FreeSlot[] | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const { schema, messages } = useArticleBookingSchema({ now });
  const [done, setDone] = useState<{ date: string; time: string; queued: boolean } | null>(null);
  const thanks = useRef<HTMLDivElement>(null);
  useReveal(thanks, done !== null);
  const countries = [
    { value: "canada", label: t`Canada` },
    { value: "uae", label: t`United Arab Emirates` },
    { value: "usa", label: t`United States` },
    { value: "uk", label: t`United Kingdom` },
    { value: "other", label: t`Other` },
  ];
  const longDate = (iso: string) => {
    const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
  };
  return (
    <Box as="section" aria-labelledby="article-booking-title" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted" rounded="2xl" p={{ base: "5", md: "8" }}>
      <Heading as="h2" id="article-booking-title" fontSize={{ base: "2xl", md: "3xl" }} color="brand.950">
        {headline}
      </Heading>
      <Text mt="2" color="fg.muted">
        {description ?? <Trans>Book a 30-minute demo and see your own listings answered, qualified and booked in real time.</Trans>}
      </Text>
      <Box role="status" aria-live="polite" mt={done ? "5" : "0"} ref={thanks} tabIndex={-1} outline="none" scrollMarginBlock="6rem">
        {done ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <Trans>Demo Scheduled!</Trans>
              </Alert.Title>
              <Alert.Description>
                <Trans>
                  Your demo is booked for {longDate(done.date)} at {slotLabel(slotStart(done.date, done.time), DEFAULT_AVAILABILITY.timeZone, visitorTimeZone ?? browserTimeZone(), locale)}. We'll send a calendar invite to your email.
                </Trans>
                {done.queued ? (
                  <>
                    {" "}
                    <Trans>Your booking is saved on this device and will be sent as soon as the connection returns.</Trans>
                  </>
                ) : null}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Box>
      <Box mt="6">
        <Form
          schema={schema}
          defaultValues={empty as never}
          aria-labelledby="article-booking-title"
          onSubmit={async (values, form) => {
            const input = values as unknown as DemoBookingInput;
            setDone(null);
            setConflict(null);
            const result = await submit(input, { path, locale, website: String(form.getValues("website" as never) ?? "") });
            if (result.status === "rejected" && result.httpStatus === 409) {
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
            form.reset(empty as never);
            setDone({ date: input.demoDate, time: input.demoTime, queued: result.status === "queued" });
          }}
        >
          {(form) => {
            return (
              <Stack gap="4">
                <FormServerError />
                <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="4">
                  <TextField name="fullName" label={t`Full name`} autoComplete="name" required />
                  <TextField name="email" type="email" label={t`Work email`} autoComplete="email" inputMode="email" ltr required />
                  <TextField
                    name="phone"
                    type="tel"
                    label={t`Phone number`}
                    helperText={t`10 digits, numbers only.`}
                    autoComplete="tel"
                    inputMode="numeric"
                    transform={(v) => nationalDigits(v).slice(-10)}
                    maxLength={10}
                    ltr
                    required
                  />
                  <TextField name="company" label={t`Company`} autoComplete="organization" required />
                  <SelectField name="country" label={t`Country`} placeholder={t`Select your country`} options={countries} required />
                  <DemoSlotFields
                    now={now}
                    portalled
                    conflict={conflict}
                    onConflictDone={() => setConflict(null)}
                    reloadKey={reloadKey}
                    loadSlots={loadSlots}
                    visitorTimeZone={visitorTimeZone}
                  />
                </Grid>
                <HoneypotField label={t`Leave this field empty`} />
                <Box>
                  <Button type="submit" colorPalette="brand" size="lg" loading={form.formState.isSubmitting} loadingText={t`Booking your demo…`}>
                    <Trans>Schedule my demo</Trans>
                  </Button>
                </Box>
              </Stack>
            );
          }}
        </Form>
      </Box>
    </Box>
  );
}
