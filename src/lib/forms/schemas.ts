/**
 * Validation rules for every visitor form, shared by the browser (react-hook-form + valibot resolver)
 * and the server (`submit-form` function). One definition: the rules and their messages live here
 * once; the browser shows the messages translated, the server answers with their English text.
 *
 * This module must stay dependency-free apart from valibot so that it can be bundled into the
 * Supabase Edge Function as well.
 */
import * as v from "valibot";
import { type Availability, DEFAULT_AVAILABILITY, isBookableDay, slotTimes } from "../booking/availability.ts";
import { CONSENT_VERSION } from "../consent.ts";

const FORM_TYPES = ["demo_booking", "sales_lead", "newsletter"] as const;
export type FormType = (typeof FORM_TYPES)[number];

const LOCALES = ["ar", "en"] as const;
const CALL_TIMES = ["9-5", "5-9"] as const;
const LEAD_GROUPS = ["UAE", "Others"] as const;
const ARTICLE_COUNTRIES = ["canada", "uae", "usa", "uk", "other"] as const;

/** Strips everything that is not a digit ("+971 50-123" → "971 50123" → "97150123"). */
const digitsOnly = (value: string) => value.replace(/\D+/g, "");

/**
 * The national part of a phone number field whose country code is chosen separately. Browsers
 * autofill `autocomplete="tel"` with the full international number ("+971 50 123 4567"): the
 * chosen dial code (or any dial code, when `dial` is "") is taken off the front. Typed digits are
 * kept as they are.
 */
export function nationalDigits(value: string, dial = ""): string {
  const raw = value.trim();
  const digits = digitsOnly(raw);
  if (!/^(\+|00)/.test(raw)) return digits;
  const international = raw.startsWith("00") ? digits.slice(2) : digits;
  const code = digitsOnly(dial);
  if (code && international.startsWith(code)) return international.slice(code.length);
  return international;
}

/**
 * Dial codes whose national numbers keep their leading 0 after the code (Italy, San Marino, the
 * Vatican, Côte d'Ivoire, Gabon, the Republic of the Congo). Elsewhere a leading 0 is the trunk
 * prefix, dialled only at home: "050 123 4567" in the UAE is +971 50 123 4567.
 */
const ZERO_KEPT_AFTER = new Set(["+39", "+378", "+379", "+225", "+241", "+242"]);

/**
 * The number to store, call and message: the dial code and the national number, without the trunk
 * prefix a visitor types out of habit ("+971" + "050 123 4567" → "+971501234567"). Without a dial
 * code, the digits as typed.
 */
export function internationalPhone(dial: string, national: string): string {
  const digits = digitsOnly(national);
  if (!dial) return digits;
  return `${dial}${ZERO_KEPT_AFTER.has(dial) ? digits : digits.replace(/^0+/, "")}`;
}

/** The dial code of the countries the article's booking form offers ("other": unknown, digits as typed). */
const ARTICLE_DIAL_CODES: Readonly<Partial<Record<(typeof ARTICLE_COUNTRIES)[number], string>>> = {
  canada: "+1",
  usa: "+1",
  uae: "+971",
  uk: "+44",
};

// ---------------------------------------------------------------------------------------------
// Messages, defined once (English texts of docs/product.md #booking, #leads, #newsletter). Each is a
// Lingui message descriptor marked for `lingui extract` by its /*i18n*/ comment: the browser shows it
// translated (`i18n._(descriptor)`), the server answers with its English `message`. The ids are the
// ones Lingui's macros give the same text (src/lib/forms/messages.test.ts checks them), so a message
// and a `t` of the same text share one translation. Plain objects, not the `msg` macro: this module
// also runs where no macro is compiled (the embedded server and the Edge Function).
// ---------------------------------------------------------------------------------------------
/** A Lingui message descriptor (`MessageDescriptor` of @lingui/core, which this module must not import). */
export interface FormMessage {
  readonly id: string;
  readonly message: string;
}
/** Turns a message into the visitor's language; the server keeps the English text. */
export type Translate = (message: FormMessage) => string;
export const english: Translate = (m) => m.message;

const fullNameRequired = /*i18n*/ { id: "1iqJoJ", message: "Full name is required" };
const validEmailAddress = /*i18n*/ { id: "OtjenF", message: "Please enter a valid email address" };
const selectCountryCode = /*i18n*/ { id: "QwZLTy", message: "Please select a country code" };
const phoneMin7Digits = /*i18n*/ { id: "a/3Ewt", message: "Phone number must be at least 7 digits" };
const companyRequired = /*i18n*/ { id: "+iMfzK", message: "Company name is required" };
const selectYourCountry = /*i18n*/ { id: "D1+cE9", message: "Please select your country" };
const selectDemoDate = /*i18n*/ { id: "BA32kO", message: "Please select a demo date" };
const selectPreferredTime = /*i18n*/ { id: "klTeRM", message: "Please select a preferred time" };

/** Keyed by field name: a server error on a field is shown in the form's own (translated) message for it. */
export const demoBookingMessages = {
  fullName: fullNameRequired,
  email: validEmailAddress,
  countryCode: selectCountryCode,
  phone: phoneMin7Digits,
  company: companyRequired,
  country: selectYourCountry,
  demoDate: selectDemoDate,
  demoTime: selectPreferredTime,
} satisfies Record<string, FormMessage>;

export const articleBookingMessages = {
  fullName: fullNameRequired,
  email: /*i18n*/ { id: "io0enF", message: "Please enter a valid email" },
  emailShape: /*i18n*/ { id: "nRaQZs", message: "Email must contain @ and no spaces" },
  phone: /*i18n*/ { id: "x7uA7w", message: "Phone number must be exactly 10 digits" },
  company: companyRequired,
  country: /*i18n*/ { id: "UbPlKe", message: "Please select a country" },
  demoDate: selectDemoDate,
  demoTime: selectPreferredTime,
} satisfies Record<string, FormMessage>;

export const salesLeadMessages = {
  fullName: fullNameRequired,
  email: validEmailAddress,
  countryCode: selectCountryCode,
  phoneNumber: phoneMin7Digits,
  country: selectYourCountry,
  callTime: /*i18n*/ { id: "yju3lV", message: "Please select a preferred call time" },
} satisfies Record<string, FormMessage>;

export const newsletterMessages = {
  email: validEmailAddress,
} satisfies Record<string, FormMessage>;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------
const MAX_TEXT = 200;

const fullName = (m: string) => v.pipe(v.string(m), v.trim(), v.minLength(2, m), v.maxLength(MAX_TEXT, m));

const email = (m: string) => v.pipe(v.string(m), v.trim(), v.nonEmpty(m), v.maxLength(254, m), v.email(m));

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

/** At least 7 digits once formatting characters are removed; at most 15 (E.164). */
const phoneMin7 = (m: string) =>
  v.pipe(
    v.string(m),
    v.trim(),
    v.check((s) => /^[\d\s()+-]*$/.test(s), m),
    v.check((s) => digitsOnly(s).length >= 7 && digitsOnly(s).length <= 15, m),
  );

const phoneExactly10 = (m: string) =>
  v.pipe(
    v.string(m),
    v.check((s) => /^\d{10}$/.test(s), m),
  );

const optionalText = () => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_TEXT)), "");

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
}

/**
 * A form's payload mapping and its inverse, side by side. `fieldOf` names, for every payload key, the
 * form field it comes from (null: from no field the visitor can fix), so that a 400's
 * `payload.<key>` errors land on the right field.
 */
export interface FormSpec<Values, Payload> {
  readonly formType: FormType;
  readonly toPayload: (values: Values) => Payload;
  readonly fieldOf: { readonly [K in keyof NoInfer<Payload>]-?: (keyof Values & string) | null };
}

/** Declares a form's spec: `Payload` is what `toPayload` returns, and `fieldOf` must cover each of its keys. */
const formSpec =
  <Values>() =>
  <Payload>(spec: FormSpec<Values, Payload>) =>
    spec;

/** The consent statement the visitor saw, and whether they agreed to marketing email. */
const consentOf = (marketing: boolean) => ({ version: CONSENT_VERSION, marketing });

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
  { now = () => new Date(), availability = DEFAULT_AVAILABILITY }: RuleOptions = {},
) => {
  const m = demoBookingMessages;
  return v.object({
    fullName: fullName(tr(m.fullName)),
    email: email(tr(m.email)),
    countryCode: dialCode(tr(m.countryCode)),
    phone: phoneMin7(tr(m.phone)),
    company: optionalText(),
    demoDate: demoDate(tr(m.demoDate), now, availability),
    demoTime: demoTime(tr(m.demoTime), availability),
  });
};

/** The booking form under an article: stricter phone, company and country required. */
export const articleBookingFormSchema = (
  tr: Translate = english,
  { now = () => new Date(), availability = DEFAULT_AVAILABILITY }: RuleOptions = {},
) => {
  const m = articleBookingMessages;
  return v.object({
    fullName: fullName(tr(m.fullName)),
    email: strictEmail(tr(m.email), tr(m.emailShape)),
    phone: phoneExactly10(tr(m.phone)),
    company: v.pipe(v.string(tr(m.company)), v.trim(), v.minLength(1, tr(m.company)), v.maxLength(MAX_TEXT, tr(m.company))),
    // A string first: the select starts empty.
    country: v.pipe(v.string(tr(m.country)), v.picklist(ARTICLE_COUNTRIES, tr(m.country))),
    demoDate: demoDate(tr(m.demoDate), now, availability),
    demoTime: demoTime(tr(m.demoTime), availability),
  });
};

export const demoBookingPayloadSchema = (opts: RuleOptions = {}) => {
  const now = opts.now ?? (() => new Date());
  const availability = opts.availability ?? DEFAULT_AVAILABILITY;
  const m = demoBookingMessages;
  return v.strictObject({
    fullName: fullName(m.fullName.message),
    email: email(m.email.message),
    /** Dial code joined to the number, e.g. "+971501234567". */
    phone: v.pipe(v.string(m.phone.message), v.regex(/^\+?\d{7,19}$/, m.phone.message)),
    company: optionalText(),
    /** Only the article form sends it. */
    country: v.optional(v.picklist(ARTICLE_COUNTRIES, m.country.message)),
    /** The demo's date and slot on the business clock. */
    demoDate: demoDate(m.demoDate.message, now, availability),
    demoTime: demoTime(m.demoTime.message, availability),
    /** The market whose calendar the slot is on (docs/markets.md); the default market when absent. */
    market: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{1,31}$/, "market must be a market id"))),
    consent: consentRecord,
  });
};

/** What either booking form sends (the dialog's values, or the article form's). */
export interface DemoBookingInput {
  fullName: string;
  email: string;
  /** Dial code ("+971") for the dialog; absent for the article form, whose phone is 10 digits. */
  countryCode?: string;
  phone: string;
  company?: string;
  country?: (typeof ARTICLE_COUNTRIES)[number];
  demoDate: string;
  demoTime: string;
  /** The market whose calendar the slot is on. */
  market?: string;
}

export const demoBooking = formSpec<DemoBookingInput>()({
  formType: "demo_booking",
  toPayload: (input: DemoBookingInput) => ({
    fullName: input.fullName.trim(),
    email: input.email.trim(),
    phone: internationalPhone(input.countryCode ?? (input.country && ARTICLE_DIAL_CODES[input.country]) ?? "", input.phone),
    company: input.company?.trim() ?? "",
    ...(input.country ? { country: input.country } : {}),
    demoDate: input.demoDate,
    demoTime: input.demoTime,
    ...(input.market ? { market: input.market } : {}),
  }),
  fieldOf: {
    fullName: "fullName",
    email: "email",
    phone: "phone",
    company: "company",
    country: "country",
    demoDate: "demoDate",
    demoTime: "demoTime",
    market: null,
  },
});

// --- Sales lead (docs/product.md#leads) ------------------------------------------------------

/** The sales-lead form (landing section and contact page). City is optional (contact reading). */
export const salesLeadFormSchema = (tr: Translate = english) => {
  const m = salesLeadMessages;
  return v.object({
    fullName: fullName(tr(m.fullName)),
    email: email(tr(m.email)),
    countryCode: dialCode(tr(m.countryCode)),
    phoneNumber: phoneMin7(tr(m.phoneNumber)),
    country: v.pipe(v.string(tr(m.country)), v.picklist(LEAD_GROUPS, tr(m.country))),
    city: optionalText(),
    company: optionalText(),
    // A string first: no call time is chosen at the start.
    callTime: v.pipe(v.string(tr(m.callTime)), v.picklist(CALL_TIMES, tr(m.callTime))),
    isEnterpriseInterested: v.optional(v.boolean(), false),
    /** The unticked box: express consent to marketing email (CASL). */
    marketingConsent: v.optional(v.boolean(), false),
  });
};
export type SalesLeadForm = v.InferOutput<ReturnType<typeof salesLeadFormSchema>>;

const salesLeadPayloadSchema = () => {
  const m = salesLeadMessages;
  return v.strictObject({
    fullName: fullName(m.fullName.message),
    email: email(m.email.message),
    countryCode: dialCode(m.countryCode.message),
    phoneNumber: phoneMin7(m.phoneNumber.message),
    /** countryCode joined to the digits of phoneNumber (contact-page shape). */
    phone: v.pipe(v.string(m.phoneNumber.message), v.regex(/^\+\d{7,19}$/, m.phoneNumber.message)),
    country: v.picklist(LEAD_GROUPS, m.country.message),
    city: optionalText(),
    company: optionalText(),
    preferredCallTime: v.picklist(CALL_TIMES, m.callTime.message),
    isEnterpriseInterested: v.optional(v.boolean(), false),
    consent: consentRecord,
  });
};

/** Both shapes in one payload: the contact page's (countryCode + phoneNumber) and the joined `phone`. */
export const salesLead = formSpec<SalesLeadForm>()({
  formType: "sales_lead",
  toPayload: (values: SalesLeadForm) => {
    const phone = internationalPhone(values.countryCode, values.phoneNumber);
    return {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      countryCode: values.countryCode,
      phoneNumber: phone.slice(values.countryCode.length),
      phone,
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
    country: "country",
    city: "city",
    company: "company",
    preferredCallTime: "callTime",
    isEnterpriseInterested: "isEnterpriseInterested",
    consent: "marketingConsent",
  },
});

// --- Newsletter (docs/product.md#newsletter) -------------------------------------------------

export const newsletterFormSchema = (tr: Translate = english) => v.object({ email: email(tr(newsletterMessages.email)) });
export type NewsletterForm = v.InferOutput<ReturnType<typeof newsletterFormSchema>>;

const newsletterPayloadSchema = () => v.strictObject({ email: email(newsletterMessages.email.message), consent: consentRecord });

/** Signing up is itself the express consent to the newsletter. */
export const newsletter = formSpec<NewsletterForm>()({
  formType: "newsletter",
  toPayload: (values: NewsletterForm) => ({ email: values.email.trim(), consent: consentOf(true) }),
  fieldOf: { email: "email", consent: null },
});

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
