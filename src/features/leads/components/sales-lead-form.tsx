import { Box, Grid, GridItem, Stack } from "@chakra-ui/react";
import { QueuedNote } from "@/components/forms/queued-note";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMachine } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { type DefaultValues, useFormContext } from "react-hook-form";
import type * as v from "valibot";
import { ConsentNotice } from "@/components/forms/consent-notice";
import type { DialCodeOption } from "@/components/forms/dial-code-field";
import { FormServerError, FormThanks, SubmitButton, SuccessAlert, VisitorForm, formFields, visitorForm } from "@/components/forms/form";
import { type SalesLeadForm as SalesLeadValues, salesLead, salesLeadFormSchema, salesLeadMessages } from "@/lib/forms/schemas";
import { useFormSent } from "@/components/forms/form-echo";
import { THANKS_ANCHOR } from "@/lib/forms/visitor-forms";
import { useLocale } from "@/lib/i18n/locale-context";
import { type SubmitOptions, type SubmitResult, submitForm } from "@/lib/submit/submit";
import { type LeadGroup, leadLocationMachine } from "../machines/lead-location.machine";
import { EMIRATES } from "../schemas/emirates";
import type { CityOption } from "../schemas/others-data";

type OthersData = { codes: DialCodeOption[]; cities: CityOption[] };
const loadOthers = (intl: string): Promise<OthersData> =>
  import("../schemas/others-data").then((m) => ({ codes: m.othersDialCodes(intl), cities: m.countryCities(intl) }));

/** Sends a lead through the one submit helper (`sales_lead`, both shapes in one payload; docs/product.md#leads). */
function submitSalesLead(values: SalesLeadValues, opts: SubmitOptions): Promise<SubmitResult> {
  return submitForm(salesLead.formType, salesLead.toPayload(values), opts);
}

export interface SalesLeadFormProps {
  /** The contact page adds the enterprise-interest checkbox. */
  variant?: "contact" | "landing";
  /** Injected in stories; defaults to the real submit helper. */
  submit?: typeof submitSalesLead;
  /** Start in a group (stories). */
  initialGroup?: LeadGroup;
  onSubmitted?: (result: SubmitResult) => void;
}

type SalesLeadFields = v.InferInput<ReturnType<typeof salesLeadFormSchema>>;
const F = formFields<SalesLeadFields>();

const empty: DefaultValues<SalesLeadFields> = {
  fullName: "",
  email: "",
  countryCode: "+971",
  phoneNumber: "",
  country: "UAE",
  city: "",
  company: "",
  callTime: "",
  isEnterpriseInterested: false,
  marketingConsent: false,
};

const salesLeadForm = visitorForm({ key: "sales_lead", schema: salesLeadFormSchema, spec: salesLead, messages: salesLeadMessages, empty });

/**
 * Keeps the form's location fields in step with the machine that owns them, whenever the machine's
 * values change. Not at hydration: the machine starts from the form's defaults, and the form holds
 * what the visitor chose before it hydrated (the form adopts it from the page), which its fields then
 * tell the machine through their `onValueChange` (`useAdoptedChoice`), so "Other countries" chosen
 * early switches the dial codes and the city list as a later choice does. (Reading the form's values
 * here at that moment would not do: react-hook-form answers with its defaults until it has mounted.)
 */
function LocationSync({ group, countryCode, city }: { group: LeadGroup; countryCode: string; city: string }) {
  const { setValue, getValues } = useFormContext();
  const synced = useRef({ group, countryCode, city });
  useEffect(() => {
    const last = synced.current;
    if (last.group === group && last.countryCode === countryCode && last.city === city) return;
    synced.current = { group, countryCode, city };
    if (getValues("country") !== group) setValue("country", group);
    if (getValues("countryCode") !== countryCode) setValue("countryCode", countryCode, { shouldValidate: false });
    if (getValues("city") !== city) setValue("city", city);
  }, [group, countryCode, city, setValue, getValues]);
  return null;
}

/**
 * The sales-lead form (landing section and contact page; docs/product.md#leads). The location machine
 * owns group, dial code and city. Rules: the phone read against the dial code and the chosen country
 * (src/lib/forms/phone.ts, typed national or international, any digits); city optional.
 */
export function SalesLeadForm({ variant = "contact", submit = submitSalesLead, initialGroup = "UAE", onSubmitted }: SalesLeadFormProps) {
  const { t, i18n } = useLingui();
  const { intl } = useLocale();
  const [state, send] = useMachine(leadLocationMachine, { input: {} });
  const [others, setOthers] = useState<OthersData | null>(null);
  // Without JavaScript, the page the server redirects to after storing the lead (`?sent=sales_lead`).
  const sent = useFormSent("sales_lead");
  const [done, setDone] = useState<SubmitResult | null>(sent ? { status: "sent", id: "" } : null);
  const { group, countryCode, city } = state.context;

  useEffect(() => {
    if (initialGroup === "Others") send({ type: "group.change", group: "Others" });
  }, [initialGroup, send]);
  useEffect(() => {
    if (group === "Others") {
      let live = true;
      void loadOthers(intl).then((d) => live && setOthers(d));
      return () => {
        live = false;
      };
    }
  }, [group, intl]);

  const uaeNames = new Intl.DisplayNames([intl], { type: "region" });
  const codeOptions: DialCodeOption[] =
    group === "UAE"
      ? [{ id: "+971", dial: "+971", label: `+971 · ${uaeNames.of("AE") ?? "AE"}` }]
      : (others?.codes ?? [{ id: "+1", dial: "+1", label: "+1" }]);
  const cityOptions = group === "UAE" ? EMIRATES.map((e) => ({ value: e.value, label: i18n._(e.name) })) : (others?.cities ?? []);
  const hour = (h: number) => new Intl.DateTimeFormat(intl, { hour: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(1970, 0, 1, h)));
  const groupOptions = [
    { value: "UAE", label: t`United Arab Emirates` },
    { value: "Others", label: t`Other countries` },
  ];
  const callTimeOptions = [
    { value: "9-5", label: t`${hour(9)} – ${hour(17)}`, description: t`During office hours` },
    { value: "5-9", label: t`${hour(17)} – ${hour(21)}`, description: t`After viewings, in the evening` },
  ];

  return (
    <Box>
      <FormThanks id={THANKS_ANCHOR.sales_lead} data-testid="lead-success">
        {done ? (
          <SuccessAlert
            mb="6"
            title={<Trans>Thank you for your interest!</Trans>}
            queued={
              done.status === "queued" ? (
                <QueuedNote id={done.id}>
                  <Trans>Your details are saved on this device and will be sent as soon as the connection returns.</Trans>
                </QueuedNote>
              ) : null
            }
          >
            <Trans>We'll get back to you within 24 hours.</Trans>
          </SuccessAlert>
        ) : null}
      </FormThanks>
      <VisitorForm
        form={salesLeadForm}
        send={submit}
        aria-label={t`Talk to our sales team`}
        onSubmitStart={() => setDone(null)}
        onDone={(result) => {
          send({ type: "form.reset" });
          setDone(result);
          onSubmitted?.(result);
        }}
      >
        <Stack gap="5">
          <LocationSync group={group} countryCode={countryCode} city={city} />
          <FormServerError />
          <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="4">
            <F.TextField name="fullName" label={t`Full name`} autoComplete="name" required />
            <F.TextField name="email" type="email" label={t`Work email`} autoComplete="email" inputMode="email" ltr required />
            <GridItem colSpan={{ base: 1, md: 2 }}>
              <F.RadioGroupField
                name="country"
                label={t`Where does your team sell?`}
                required
                options={groupOptions}
                onValueChange={(g) => send({ type: "group.change", group: g as LeadGroup })}
              />
            </GridItem>
            <F.DialCodeField
              name="countryCode"
              label={t`Country code`}
              options={codeOptions}
              required
              onValueChange={(code) => send({ type: "code.change", code })}
            />
            <F.PhoneField
              name="phoneNumber"
              label={t`Phone number`}
              helperText={t`The number we should call, with or without the country code.`}
              required
            />
            <F.SelectField
              name="city"
              label={group === "UAE" ? t`Emirate (optional)` : t`Country (optional)`}
              placeholder={group === "UAE" ? t`Choose an emirate` : t`Choose a country`}
              options={cityOptions}
              onValueChange={(c) => send({ type: "city.change", city: c })}
            />
            <F.TextField name="company" label={t`Brokerage or company (optional)`} autoComplete="organization" />
            <GridItem colSpan={{ base: 1, md: 2 }}>
              <F.RadioGroupField name="callTime" label={t`When should we call you?`} required options={callTimeOptions} />
            </GridItem>
            {variant === "contact" ? (
              <GridItem colSpan={{ base: 1, md: 2 }}>
                <F.CheckboxField
                  name="isEnterpriseInterested"
                  label={t`I'm interested in an enterprise plan`}
                  helperText={t`For brokerages with 25+ agents, several offices or a custom CRM.`}
                />
              </GridItem>
            ) : null}
            <GridItem colSpan={{ base: 1, md: 2 }}>
              <F.CheckboxField
                name="marketingConsent"
                label={t`Also send me the monthly newsletter with sales tips (optional)`}
                helperText={t`We will email you a link to confirm. You can unsubscribe at any time.`}
              />
            </GridItem>
          </Grid>
          <ConsentNotice kind="lead" />
          <Box>
            <SubmitButton loadingText={t`Sending…`} w={{ base: "full", sm: "auto" }}>
              <Trans>Request a call back</Trans>
            </SubmitButton>
          </Box>
        </Stack>
      </VisitorForm>
    </Box>
  );
}
