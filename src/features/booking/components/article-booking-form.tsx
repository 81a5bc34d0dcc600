import { Box, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { QueuedNote } from "@/components/forms/queued-note";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import type * as v from "valibot";
import { FormServerError, FormThanks, SubmitButton, SuccessAlert, VisitorForm, formFields, visitorForm } from "@/components/forms/form";
import { browserTimeZone, slotLabel } from "@/lib/booking/slot-label";
import { slotStart } from "@/lib/booking/availability";
import type { Market } from "@/lib/booking/markets";
import { type LoadMarkets, useBookingMarket } from "./use-booking-market";
import { articleBookingFormSchema, articleBookingMessages, demoBooking } from "@/lib/forms/schemas";
import type { LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { DemoSlotFields, useSlotConflict } from "./demo-slot-fields";
import { useLocale } from "@/lib/i18n/locale-context";
import { useFormSent } from "@/components/forms/form-echo";
import { THANKS_ANCHOR } from "@/lib/forms/visitor-forms";
import { submitDemoBooking } from "../api/submit-demo-booking";

interface ArticleBookingFormProps {
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
  /** The article's market, when it is about one (docs/markets.md). */
  pageMarket?: string;
  /** The markets and their calendars (stories pass fixed ones). */
  loadMarkets?: LoadMarkets;
}

/** The article form's country choice as an ISO code (the market follows it). */
const COUNTRY_ISO: Record<string, string> = { canada: "CA", uae: "AE", usa: "US", uk: "GB" };

type ArticleBookingFields = v.InferInput<ReturnType<typeof articleBookingFormSchema>>;
const F = formFields<ArticleBookingFields>();

const empty: ArticleBookingFields = { fullName: "", email: "", phone: "", company: "", country: "", demoDate: "", demoTime: "" };

const articleBookingForm = visitorForm({
  key: "article_booking",
  schema: articleBookingFormSchema,
  spec: demoBooking,
  messages: articleBookingMessages,
  empty,
});

/**
 * The booking form under an article (docs/product.md#booking): the phone read against the country
 * select (src/lib/forms/phone.ts), company and country required, slots from 9:00 AM to 4:30 PM. It goes through
 * the same submit helper as every other form, then confirms with the date and time and resets.
 */
export function ArticleBookingForm({
  path,
  headline,
  description,
  now,
  submit = submitDemoBooking,
  loadSlots,
  visitorTimeZone,
  pageMarket,
  loadMarkets,
}: ArticleBookingFormProps) {
  const { t } = useLingui();
  const { locale, intl } = useLocale();
  const slots = useSlotConflict();
  const [country, setCountry] = useState("");
  const markets = useBookingMarket({ countryIso: COUNTRY_ISO[country], pageMarket, visitorTimeZone, loadMarkets });
  const market = markets.market;
  const [done, setDone] = useState<{ date: string; time: string; queued: boolean; id: string; market: Market } | null>(null);
  // Without JavaScript, the page the server redirects to after storing the booking (`?sent=article_booking`).
  const sent = useFormSent("article_booking");
  const countries = [
    { value: "canada", label: t`Canada` },
    { value: "uae", label: t`United Arab Emirates` },
    { value: "usa", label: t`United States` },
    { value: "uk", label: t`United Kingdom` },
    { value: "other", label: t`Other` },
  ];
  const longDate = (iso: string) => {
    const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
  };
  return (
    <Box as="section" aria-labelledby="article-booking-title" layerStyle="panel.brand" p={{ base: "5", md: "8" }}>
      <Heading as="h2" id="article-booking-title" fontSize={{ base: "2xl", md: "3xl" }} color="brand.950">
        {headline}
      </Heading>
      <Text mt="2" color="fg.muted">
        {description ?? <Trans>Book a 30-minute demo and see your own listings answered, qualified and booked in real time.</Trans>}
      </Text>
      <FormThanks id={THANKS_ANCHOR.article_booking} mt={done || sent ? "5" : "0"}>
        {sent && !done ? (
          <SuccessAlert title={<Trans>Demo Scheduled!</Trans>}>
            <Trans>We will send a calendar invite to your email.</Trans>
          </SuccessAlert>
        ) : null}
        {done ? (
          <SuccessAlert
            title={<Trans>Demo Scheduled!</Trans>}
            queued={
              done.queued ? (
                <QueuedNote id={done.id}>
                  <Trans>Your booking is saved on this device and will be sent as soon as the connection returns.</Trans>
                </QueuedNote>
              ) : null
            }
          >
            <Trans>
              Your demo is booked for {longDate(done.date)} at{" "}
              {slotLabel(
                slotStart(done.date, done.time, done.market),
                done.market.timeZone,
                markets.visitorTimeZone ?? browserTimeZone(),
                locale,
              )}
              . We'll send a calendar invite to your email.
            </Trans>
          </SuccessAlert>
        ) : null}
      </FormThanks>
      <Box mt="6">
        <VisitorForm
          form={articleBookingForm}
          now={now}
          availability={market}
          path={path}
          send={(values, opts) => submit({ ...values, market: market.id }, opts)}
          aria-labelledby="article-booking-title"
          onSubmitStart={() => {
            setDone(null);
            slots.clear();
          }}
          onRejected={slots.onRejected}
          onDone={(result, values) =>
            setDone({ date: values.demoDate, time: values.demoTime, queued: result.status === "queued", id: result.id, market })
          }
        >
          <CountryWatcher onCountry={setCountry} />
          <Stack gap="4">
            <FormServerError />
            <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="4">
              <F.TextField name="fullName" label={t`Full name`} autoComplete="name" required />
              <F.TextField name="email" type="email" label={t`Work email`} autoComplete="email" inputMode="email" ltr required />
              <F.PhoneField
                name="phone"
                label={t`Phone number`}
                helperText={t`For another country than those listed, start with its code (+ or 00).`}
                required
              />
              <F.TextField name="company" label={t`Company`} autoComplete="organization" required />
              <F.SelectField name="country" label={t`Country`} placeholder={t`Select your country`} options={countries} required />
              <DemoSlotFields now={now} portalled {...slots.fields} {...markets.fields} loadSlots={loadSlots} />
            </Grid>
            <Box>
              <SubmitButton loadingText={t`Booking your demo…`}>
                <Trans>Schedule my demo</Trans>
              </SubmitButton>
            </Box>
          </Stack>
        </VisitorForm>
      </Box>
    </Box>
  );
}

/** Reports the chosen country (the market follows it). */
function CountryWatcher({ onCountry }: { onCountry: (country: string) => void }) {
  const country = useFormContext().watch("country") as string | undefined;
  useEffect(() => onCountry(country ?? ""), [country, onCountry]);
  return null;
}
