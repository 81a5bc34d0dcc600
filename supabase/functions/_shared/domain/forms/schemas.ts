// GENERATED from src/lib/forms/schemas.ts by scripts/functions-domain.mjs: edit the source, then run it.
/**
 * Validation rules for every visitor form, shared by the browser (react-hook-form + valibot resolver)
 * and the server (`submit-form` function). One definition: the rules and their messages live here
 * once; the browser shows the messages translated, the server answers with their English text.
 *
 * This module must stay dependency-free apart from valibot and libphonenumber-js (through ./phone.ts),
 * with relative imports only, so that it can be bundled into the Supabase Edge Function as well (its
 * import map, supabase/functions/submit-form/deno.json, names both packages).
 */
import * as v from "valibot";
import { attributionSchema } from "../attribution/attribution.ts";
import { type Availability, DEFAULT_AVAILABILITY, isBookableDay, slotTimes } from "../booking/availability.ts";
import {
  FORM_TYPES,
  type FormMessage,
  type FormSpec,
  type FormType,
  type Translate,
  consentOf,
  email,
  english,
  formSpec,
  newsletter,
  newsletterFormSchema,
  newsletterMessages,
  validEmailAddress,
} from "./form-base.ts";
export { type FormMessage, type FormSpec, type FormType, type Translate, english, newsletter, newsletterFormSchema, newsletterMessages };
import {
  type PhoneChoice,
  type PhoneResult,
  countryByEnglishName,
  countryOfChoice,
  countryOfPhone,
  dialOf,
  isCountryIso,
  parsePhone,
  typedPhone,
} from "./phone.ts";

const LOCALES = ["ar", "en"] as const;
const CALL_TIMES = ["9-5", "5-9"] as const;
const LEAD_GROUPS = ["UAE", "Others"] as const;
const ARTICLE_COUNTRIES = ["canada", "uae", "usa", "uk", "other"] as const;

/** Strips everything that is not a digit ("+971 50-123" → "971 50123" → "97150123"). */
const digitsOnly = (value: string) => value.replace(/\D+/g, "");

/**
 * Dial codes whose national numbers keep their leading 0 after the code (Italy, San Marino, the
 * Vatican, Côte d'Ivoire, Gabon, the Republic of the Congo). Elsewhere a leading 0 is the trunk
 * prefix, dialled only at home: "050 123 4567" in the UAE is +971 50 123 4567.
 */
const ZERO_KEPT_AFTER = new Set(["+39", "+378", "+379", "+225", "+241", "+242"]);

/**
 * The number of a lead stored before issue 29 (dial code + national digits as typed, maybe with the
 * trunk 0: "+971" + "050 123 4567" → "+971501234567"). New payloads carry `phone` in E.164
 * (`parsePhone`, ./phone.ts). Without a dial code, the digits as typed.
 */
export function internationalPhone(dial: string, national: string): string {
  const digits = digitsOnly(national);
  if (!dial) return digits;
  return `${dial}${ZERO_KEPT_AFTER.has(dial) ? digits : digits.replace(/^0+/, "")}`;
}

/** The country of each choice of the article's booking form ("other": none, the number carries its code). */
const ARTICLE_COUNTRY_ISO: Readonly<Partial<Record<(typeof ARTICLE_COUNTRIES)[number], string>>> = {
  canada: "CA",
  usa: "US",
  uae: "AE",
  uk: "GB",
};

// ---------------------------------------------------------------------------------------------
// Messages, defined once (English texts of docs/product.md #booking, #leads, #newsletter). Each is a
// Lingui message descriptor marked for `lingui extract` by its /*i18n*/ comment: the browser shows it
// translated (`i18n._(descriptor)`), the server answers with its English `message`. The ids are the
// ones Lingui's macros give the same text (src/lib/forms/messages.test.ts checks them), so a message
// and a `t` of the same text share one translation. Plain objects, not the `msg` macro: this module
// also runs where no macro is compiled (the embedded server and the Edge Function).
// ---------------------------------------------------------------------------------------------
const fullNameRequired = /*i18n*/ { id: "1iqJoJ", message: "Full name is required" };
const selectCountryCode = /*i18n*/ { id: "QwZLTy", message: "Please select a country code" };
/** A phone number the server turned down (the form itself names what is wrong, `phoneMessages`). */
const validPhone = /*i18n*/ { id: "o07d6o", message: "Please enter a valid phone number" };
const companyRequired = /*i18n*/ { id: "+iMfzK", message: "Company name is required" };
const selectYourCountry = /*i18n*/ { id: "D1+cE9", message: "Please select your country" };
const selectDemoDate = /*i18n*/ { id: "BA32kO", message: "Please select a demo date" };
const selectPreferredTime = /*i18n*/ { id: "klTeRM", message: "Please select a preferred time" };

/** Keyed by field name: a server error on a field is shown in the form's own (translated) message for it. */
export const demoBookingMessages = {
  fullName: fullNameRequired,
  email: validEmailAddress,
  countryCode: selectCountryCode,
  phone: validPhone,
  company: companyRequired,
  country: selectYourCountry,
  demoDate: selectDemoDate,
  demoTime: selectPreferredTime,
} satisfies Record<string, FormMessage>;

export const articleBookingMessages = {
  fullName: fullNameRequired,
  email: /*i18n*/ { id: "io0enF", message: "Please enter a valid email" },
  emailShape: /*i18n*/ { id: "nRaQZs", message: "Email must contain @ and no spaces" },
  phone: validPhone,
  company: companyRequired,
  country: /*i18n*/ { id: "UbPlKe", message: "Please select a country" },
  demoDate: selectDemoDate,
  demoTime: selectPreferredTime,
} satisfies Record<string, FormMessage>;

export const salesLeadMessages = {
  fullName: fullNameRequired,
  email: validEmailAddress,
  countryCode: selectCountryCode,
  phoneNumber: validPhone,
  country: selectYourCountry,
  callTime: /*i18n*/ { id: "yju3lV", message: "Please select a preferred call time" },
} satisfies Record<string, FormMessage>;

/** What is wrong with a phone number (./phone.ts), one message each; `{country}` is the chosen country's name. */
export const phoneMessages = {
  required: /*i18n*/ { id: "x4uFgL", message: "Please enter your phone number" },
  characters: /*i18n*/ { id: "y7gHna", message: "A phone number has only digits, spaces, dashes, brackets and a + at the start" },
  tooShort: /*i18n*/ { id: "w8qemi", message: "This phone number is too short" },
  tooLong: /*i18n*/ { id: "NpkRDN", message: "This phone number is too long" },
  invalidFor: /*i18n*/ { id: "X01scR", message: "This is not a valid phone number for {country}" },
  invalid: /*i18n*/ { id: "0iMCWY", message: "This is not a valid phone number" },
  otherCountry: /*i18n*/ { id: "YEVJ4P", message: "This number has the code {code} ({other}), but the chosen country is {country}" },
  needsCode: /*i18n*/ { id: "t0Z6od", message: "Type the number with its international code, starting with + or 00" },
} satisfies Record<string, FormMessage>;

/** A country's name in the visitor's language ("AE" → "United Arab Emirates", "الإمارات العربية المتحدة"). */
function countryName(iso: string | undefined, locale: string): string {
  if (!iso) return "";
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(iso) ?? iso;
  } catch {
    return iso;
  }
}

/** The message of a phone number that is not accepted, naming the chosen country and the number's own. */
export function phoneMessage(tr: Translate, result: PhoneResult, country: string | undefined, locale = "en"): string {
  if (result.ok) return "";
  const m = phoneMessages;
  switch (result.problem) {
    case "invalid":
      return country ? tr({ ...m.invalidFor, values: { country: countryName(country, locale) } }) : tr(m.invalid);
    case "otherCountry":
      return tr({
        ...m.otherCountry,
        values: {
          // "+44" inside Arabic text: isolated left to right, or it reads "44+".
          code: locale === "ar" ? `\u2066${result.numberDial ?? ""}\u2069` : (result.numberDial ?? ""),
          other: countryName(result.numberCountry, locale),
          country: countryName(country, locale),
        },
      });
    default:
      return tr(m[result.problem]);
  }
}

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------
const MAX_TEXT = 200;

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): a name holding
 * U+202E shows reversed to staff ("‮gnp.exe" reads "exe.png"). No name or company needs them (the marks
 * U+200E/U+200F stay), so people's text is stored without them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const withoutBidiControls = v.transform((s: string) => s.replace(BIDI_CONTROLS, ""));

const fullName = (m: string) => v.pipe(v.string(m), withoutBidiControls, v.trim(), v.minLength(2, m), v.maxLength(MAX_TEXT, m));

/** An email that is valid and, as the article form says, has an @ and no spaces. */
const strictEmail = (valid: string, shape: string) =>
  v.pipe(
    v.string(valid),
    v.check((s) => s.includes("@") && !/\s/.test(s), shape),
    v.trim(),
    v.email(valid),
    v.maxLength(254, valid),
  );

const dialCode = (m: string) => v.pipe(v.string(m), v.regex(/^\+\d{1,4}$/, m));

/** A typed phone number, required, up to 40 characters (`phoneRule` reads it against the chosen country). */
const typedPhoneText = (tr: Translate) =>
  v.pipe(
    v.string(tr(phoneMessages.required)),
    v.trim(),
    v.nonEmpty(tr(phoneMessages.required)),
    v.maxLength(40, tr(phoneMessages.tooLong)),
  );

/**
 * The phone rule of every form: the number typed in `field`, read against the country `choice` takes
 * from other fields. Each form runs its `ok` and `message` as a partial check over those fields,
 * forwarded to `field`, so it runs as soon as they are themselves valid, and its message names what is wrong.
 */
const phoneRule = <const TField extends string, TInput>(
  tr: Translate,
  locale: string,
  field: TField,
  choice: (input: TInput) => PhoneChoice,
) => {
  type Input = TInput & { readonly [K in TField]?: string };
  const read = (input: Input) => parsePhone(input[field] ?? "", choice(input));
  return {
    ok: (input: Input) => read(input).ok,
    message: (issue: { input: Input }) => {
      const result = read(issue.input);
      return phoneMessage(tr, result, countryOfChoice(choice(issue.input), result), locale);
    },
  };
};

const optionalText = () => v.optional(v.pipe(v.string(), withoutBidiControls, v.trim(), v.maxLength(MAX_TEXT)), "");

/** A bookable day on the business clock (docs/product.md#booking). */
const demoDate = (m: string, now: () => Date, a: Availability) =>
  v.pipe(
    v.string(m),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, m),
    v.check((s) => isBookableDay(s, now(), a), m),
  );

/** One of the day's slot start times on the business clock ("09:00" … "17:00" by default). */
const demoTime = (m: string, a: Availability) =>
  v.pipe(
    v.string(m),
    v.check((s) => slotTimes(a).includes(s), m),
  );

// ---------------------------------------------------------------------------------------------
// The forms. Each has its schema (what the visitor types, messages translated by `tr`), the payload
// schema the server checks, and `{ toPayload, fieldOf }`: the payload mapping and its inverse, which
// the form kit (src/components/forms/form.tsx) uses to put the server's field errors back on fields.
// ---------------------------------------------------------------------------------------------
interface RuleOptions {
  /** The clock used for "dates before now are disabled"; tests pass a fixed one. */
  now?: () => Date;
  /** Working days, hours and zone of demos (the server's settings; the default in the browser until they are known). */
  availability?: Availability;
  /** The visitor's language, for country names in phone messages ("en" on the server). */
  locale?: string;
}

/**
 * The consent record a form sends with its data: which version of the consent statement the visitor
 * saw (see src/lib/consent.ts) and whether they ticked the box for marketing email (CASL express
 * consent). When and where are the submission's own created_at and page_path.
 */
const consentRecord = v.optional(
  v.strictObject({
    version: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, "consent.version must be a short identifier")),
    marketing: v.optional(v.boolean(), false),
  }),
);

// --- Demo booking (docs/product.md#booking) --------------------------------------------------

/** The demo booking dialog (landing hero and footer). Company is optional (issue #4). */
export const demoBookingFormSchema = (
  tr: Translate = english,
  { now = () => new Date(), availability = DEFAULT_AVAILABILITY, locale = "en" }: RuleOptions = {},
) => {
  const m = demoBookingMessages;
  const phone = phoneRule(tr, locale, "phone", (i: { countryCode?: string; countryIso?: string }) => ({
    dial: i.countryCode,
    country: i.countryIso,
  }));
  return v.pipe(
    v.object({
      fullName: fullName(tr(m.fullName)),
      email: email(tr(m.email)),
      countryCode: dialCode(tr(m.countryCode)),
      /** The chosen option's country ("CA" or "US" for +1); set with the dial code. */
      countryIso: v.optional(v.string(), ""),
      phone: typedPhoneText(tr),
      company: optionalText(),
      demoDate: demoDate(tr(m.demoDate), now, availability),
      demoTime: demoTime(tr(m.demoTime), availability),
    }),
    v.forward(v.partialCheck([["phone"], ["countryCode"], ["countryIso"]], phone.ok, phone.message), ["phone"]),
  );
};

/** The booking form under an article: the phone read against its country select, company and country required. */
export const articleBookingFormSchema = (
  tr: Translate = english,
  { now = () => new Date(), availability = DEFAULT_AVAILABILITY, locale = "en" }: RuleOptions = {},
) => {
  const m = articleBookingMessages;
  const phone = phoneRule(tr, locale, "phone", (i: { country?: string }) => ({ country: articleCountryIso(i.country) }));
  return v.pipe(
    v.object({
      fullName: fullName(tr(m.fullName)),
      email: strictEmail(tr(m.email), tr(m.emailShape)),
      phone: typedPhoneText(tr),
      company: v.pipe(
        v.string(tr(m.company)),
        withoutBidiControls,
        v.trim(),
        v.minLength(1, tr(m.company)),
        v.maxLength(MAX_TEXT, tr(m.company)),
      ),
      // A string first: the select starts empty.
      country: v.pipe(v.string(tr(m.country)), v.picklist(ARTICLE_COUNTRIES, tr(m.country))),
      demoDate: demoDate(tr(m.demoDate), now, availability),
      demoTime: demoTime(tr(m.demoTime), availability),
    }),
    v.forward(v.partialCheck([["phone"], ["country"]], phone.ok, phone.message), ["phone"]),
  );
};

const articleCountryIso = (country: string | undefined) =>
  country && Object.hasOwn(ARTICLE_COUNTRY_ISO, country) ? ARTICLE_COUNTRY_ISO[country as keyof typeof ARTICLE_COUNTRY_ISO] : undefined;

/** ISO 3166-1 alpha-2 of the visitor's country, optional: the server derives it from the phone when absent. */
const countryIsoField = () =>
  v.optional(
    v.pipe(
      v.string("countryIso must be a country code"),
      v.regex(/^[A-Z]{2}$/, "countryIso must be an ISO 3166-1 alpha-2 code"),
      v.check((s: string) => isCountryIso(s), "countryIso must be an ISO 3166-1 alpha-2 code"),
    ),
  );

/** A phone number in E.164, re-read on the server (a callable number of its country). */
const e164Phone = (m: string) => v.pipe(v.string(m), v.regex(/^\+[1-9]\d{6,14}$/, m));

/** The payload's country: the one sent, or the phone's own. */
const withCountryIso = <T extends { phone: string; countryIso?: string }>(p: T): T & { countryIso?: string } => ({
  ...p,
  countryIso: p.countryIso ?? countryOfPhone(p.phone),
});

export const demoBookingPayloadSchema = (opts: RuleOptions = {}) => {
  const now = opts.now ?? (() => new Date());
  const availability = opts.availability ?? DEFAULT_AVAILABILITY;
  const m = demoBookingMessages;
  const phone = phoneRule(english, "en", "phone", (p: { countryIso?: string }) => ({ country: p.countryIso }));
  return v.pipe(
    v.strictObject({
      fullName: fullName(m.fullName.message),
      email: email(m.email.message),
      /** E.164, e.g. "+971501234567" (docs/product.md#booking). */
      phone: e164Phone(m.phone.message),
      /** The visitor's country, from the form's dial code or country select. */
      countryIso: countryIsoField(),
      company: optionalText(),
      /** Only the article form sends it. */
      country: v.optional(v.picklist(ARTICLE_COUNTRIES, m.country.message)),
      /** The demo's date and slot on the market's clock. */
      demoDate: demoDate(m.demoDate.message, now, availability),
      demoTime: demoTime(m.demoTime.message, availability),
      /** The market whose calendar the slot is on (docs/markets.md); the default market when absent. */
      market: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{1,31}$/, "market must be a market id"))),
      consent: consentRecord,
    }),
    v.forward(v.partialCheck([["phone"], ["countryIso"]], phone.ok, phone.message), ["phone"]),
    v.transform(withCountryIso),
  );
};

/** What either booking form sends (the dialog's values, or the article form's). */
export interface DemoBookingInput {
  fullName: string;
  email: string;
  /** Dial code ("+971") for the dialog; absent for the article form, whose country select gives it. */
  countryCode?: string;
  /** The dialog's chosen country ("CA" for Canada's +1); absent for the article form. */
  countryIso?: string;
  /** As typed: national, +code or 00code, any digits (./phone.ts). */
  phone: string;
  company?: string;
  country?: (typeof ARTICLE_COUNTRIES)[number];
  demoDate: string;
  demoTime: string;
  /** The market whose calendar the slot is on. */
  market?: string;
}

/** The number to send: E.164 when it reads, else the typed digits (the server names what is wrong). */
const sentPhone = (typed: string, result: PhoneResult) => (result.ok ? result.e164 : typedPhone(typed).replace(/[^\d+]/g, ""));

export const demoBooking = formSpec<DemoBookingInput>()({
  formType: "demo_booking",
  toPayload: (input: DemoBookingInput) => {
    const choice: PhoneChoice = input.countryCode
      ? { dial: input.countryCode, country: input.countryIso || undefined }
      : { country: articleCountryIso(input.country) };
    const result = parsePhone(input.phone, choice);
    const countryIso = countryOfChoice(choice, result);
    return {
      fullName: input.fullName.trim(),
      email: input.email.trim(),
      phone: sentPhone(input.phone, result),
      ...(countryIso ? { countryIso } : {}),
      company: input.company?.trim() ?? "",
      ...(input.country ? { country: input.country } : {}),
      demoDate: input.demoDate,
      demoTime: input.demoTime,
      ...(input.market ? { market: input.market } : {}),
    };
  },
  fieldOf: {
    fullName: "fullName",
    email: "email",
    phone: "phone",
    countryIso: "countryCode",
    company: "company",
    country: "country",
    demoDate: "demoDate",
    demoTime: "demoTime",
    market: null,
  },
});

// --- Sales lead (docs/product.md#leads) ------------------------------------------------------

/**
 * The sales lead's country: the UAE group is the UAE; in Others, the country chosen in the list when
 * it has the chosen dial code (else the number tells, `countryOfChoice`).
 */
function leadCountryIso(group: string | undefined, dial: string | undefined, city: string | undefined): string | undefined {
  if (group === "UAE") return "AE";
  const named = countryByEnglishName(city ?? "");
  return named && dial && dialOf(named) === dial ? named : undefined;
}

const leadChoice = (i: { countryCode?: string; country?: string; city?: string }): PhoneChoice => ({
  dial: i.countryCode,
  country: leadCountryIso(i.country, i.countryCode, i.city),
});

/** The sales-lead form (landing section and contact page). City is optional (contact reading). */
export const salesLeadFormSchema = (tr: Translate = english, { locale = "en" }: RuleOptions = {}) => {
  const m = salesLeadMessages;
  const phone = phoneRule(tr, locale, "phoneNumber", leadChoice);
  return v.pipe(
    v.object({
      fullName: fullName(tr(m.fullName)),
      email: email(tr(m.email)),
      countryCode: dialCode(tr(m.countryCode)),
      phoneNumber: typedPhoneText(tr),
      country: v.pipe(v.string(tr(m.country)), v.picklist(LEAD_GROUPS, tr(m.country))),
      city: optionalText(),
      company: optionalText(),
      // A string first: no call time is chosen at the start.
      callTime: v.pipe(v.string(tr(m.callTime)), v.picklist(CALL_TIMES, tr(m.callTime))),
      isEnterpriseInterested: v.optional(v.boolean(), false),
      /** The unticked box: express consent to marketing email (CASL). */
      marketingConsent: v.optional(v.boolean(), false),
    }),
    v.forward(v.partialCheck([["phoneNumber"], ["countryCode"], ["country"], ["city"]], phone.ok, phone.message), ["phoneNumber"]),
  );
};
export type SalesLeadForm = v.InferOutput<ReturnType<typeof salesLeadFormSchema>>;

/** The server reads a lead's phone against its country when it has one, else against its dial code. */
const leadPayloadChoice = (p: { countryCode: string; countryIso?: string }): PhoneChoice =>
  p.countryIso ? { country: p.countryIso, dial: dialOf(p.countryIso) } : { dial: p.countryCode };

const salesLeadPayloadSchema = () => {
  const m = salesLeadMessages;
  const phone = phoneRule(english, "en", "phone", leadPayloadChoice);
  return v.pipe(
    v.strictObject({
      fullName: fullName(m.fullName.message),
      email: email(m.email.message),
      countryCode: dialCode(m.countryCode.message),
      /** The national significant number of `phone` ("501234567"). */
      phoneNumber: v.pipe(v.string(m.phoneNumber.message), v.regex(/^\d{4,14}$/, m.phoneNumber.message)),
      /** E.164: countryCode joined to phoneNumber ("+971501234567"). */
      phone: e164Phone(m.phoneNumber.message),
      countryIso: countryIsoField(),
      country: v.picklist(LEAD_GROUPS, m.country.message),
      city: optionalText(),
      company: optionalText(),
      preferredCallTime: v.picklist(CALL_TIMES, m.callTime.message),
      isEnterpriseInterested: v.optional(v.boolean(), false),
      consent: consentRecord,
    }),
    v.forward(v.partialCheck([["phone"], ["countryCode"], ["countryIso"]], phone.ok, phone.message), ["phone"]),
    v.forward(
      v.partialCheck(
        [["phone"], ["countryCode"], ["phoneNumber"]],
        (p) => p.phone === `${p.countryCode}${p.phoneNumber}`,
        m.phoneNumber.message,
      ),
      ["phoneNumber"],
    ),
    v.transform(withCountryIso),
  );
};

/** Both shapes in one payload: the dial code and national number (countryCode + phoneNumber) and `phone` in E.164. */
export const salesLead = formSpec<SalesLeadForm>()({
  formType: "sales_lead",
  toPayload: (values: SalesLeadForm) => {
    const choice = leadChoice(values);
    const result = parsePhone(values.phoneNumber, choice);
    const countryIso = countryOfChoice(choice, result);
    return {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      countryCode: values.countryCode,
      phoneNumber: result.ok ? result.national : typedPhone(values.phoneNumber).replace(/\D+/g, ""),
      phone: sentPhone(values.phoneNumber, result),
      ...(countryIso ? { countryIso } : {}),
      country: values.country,
      city: values.city ?? "",
      company: values.company?.trim() ?? "",
      preferredCallTime: values.callTime,
      isEnterpriseInterested: Boolean(values.isEnterpriseInterested),
      consent: consentOf(Boolean(values.marketingConsent)),
    };
  },
  fieldOf: {
    fullName: "fullName",
    email: "email",
    countryCode: "countryCode",
    phoneNumber: "phoneNumber",
    phone: "phoneNumber",
    countryIso: "countryCode",
    country: "country",
    city: "city",
    company: "company",
    preferredCallTime: "callTime",
    isEnterpriseInterested: "isEnterpriseInterested",
    consent: "marketingConsent",
  },
});

// --- Newsletter (docs/product.md#newsletter): its rules are in ./form-base.ts ---------------------

const newsletterPayloadSchema = () => v.strictObject({ email: email(newsletterMessages.email.message), consent: consentRecord });

const payloadSchemas = {
  demo_booking: demoBookingPayloadSchema,
  sales_lead: salesLeadPayloadSchema,
  newsletter: newsletterPayloadSchema,
} as const;

/** The body of POST /functions/v1/submit-form. */
const submissionEnvelopeSchema = v.strictObject({
  formType: v.picklist(FORM_TYPES, "Unknown form type"),
  payload: v.record(v.string(), v.unknown(), "payload must be an object"),
  path: v.pipe(v.string("path must be a string"), v.regex(/^\/[^\s]{0,499}$/, "path must start with /")),
  locale: v.optional(v.picklist(LOCALES, "locale must be ar or en"), "ar"),
  timeZone: v.optional(
    v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$|^UTC$/, "timeZone must be an IANA name")),
  ),
  /** Idempotency key made by the browser; a retried submission carries the same one. */
  submissionId: v.pipe(v.string("submissionId is required"), v.uuid("submissionId must be a UUID")),
  /** Honeypot: a hidden field people never fill in. */
  website: v.optional(v.string()),
  /** When the browser outbox queued it (ISO instant): present only on a submission sent after queueing. */
  queuedAt: v.optional(v.pipe(v.string(), v.maxLength(40), v.isoTimestamp("queuedAt must be an ISO instant"))),
  /** Where the visit came from (src/lib/attribution): the first and latest touch the tab recorded. */
  attribution: v.optional(attributionSchema),
});
type SubmissionEnvelope = v.InferOutput<typeof submissionEnvelopeSchema>;

type FieldErrors = Record<string, string>;

/** Flattens valibot issues into { field: first message }. */
function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join(".") || "_";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

type ValidationResult =
  { ok: true; envelope: SubmissionEnvelope; payload: Record<string, unknown> } | { ok: false; fields: FieldErrors; message: string };

/** Validates a whole submission as the server sees it. */
export function validateSubmission(body: unknown, opts: RuleOptions = {}): ValidationResult {
  const env = v.safeParse(submissionEnvelopeSchema, body);
  if (!env.success) {
    return { ok: false, fields: fieldErrors(env.issues), message: "Invalid submission" };
  }
  const schema = payloadSchemas[env.output.formType](opts);
  const payload = v.safeParse(schema, env.output.payload);
  if (!payload.success) {
    const fields = Object.fromEntries(Object.entries(fieldErrors(payload.issues)).map(([k, val]) => [`payload.${k}`, val]));
    return { ok: false, fields, message: "Invalid submission" };
  }
  return { ok: true, envelope: env.output, payload: payload.output as Record<string, unknown> };
}
