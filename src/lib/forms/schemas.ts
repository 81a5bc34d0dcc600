/**
 * Validation rules for every visitor form, shared by the browser (react-hook-form + valibot resolver)
 * and the server (`submit-form` function). One definition: the rules live here once; only the
 * wording of the messages differs (the browser passes translated messages, the server uses English).
 *
 * This module must stay dependency-free apart from valibot so that it can be bundled into the
 * Supabase Edge Function as well.
 */
import * as v from "valibot";
import { type Availability, DEFAULT_AVAILABILITY, isBookableDay, slotTimes } from "../booking/availability.ts";
import { isoDate } from "./booking-rules.ts";

export const FORM_TYPES = ["demo_booking", "sales_lead", "newsletter"] as const;
export type FormType = (typeof FORM_TYPES)[number];

export const LOCALES = ["ar", "en"] as const;
export const CALL_TIMES = ["9-5", "5-9"] as const;
export const LEAD_GROUPS = ["UAE", "Others"] as const;
export const ARTICLE_COUNTRIES = ["canada", "uae", "usa", "uk", "other"] as const;

/** Strips everything that is not a digit ("+971 50-123" → "971 50123" → "97150123"). */
export const digitsOnly = (value: string) => value.replace(/\D+/g, "");

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

// ---------------------------------------------------------------------------------------------
// Messages. English texts are those of docs/product.md (#booking, #leads, #newsletter); the browser passes the translated ones.
// ---------------------------------------------------------------------------------------------
export const demoBookingMessages = {
  fullName: "Full name is required",
  email: "Please enter a valid email address",
  countryCode: "Please select a country code",
  phone: "Phone number must be at least 7 digits",
  company: "Company name is required",
  country: "Please select your country",
  demoDate: "Please select a demo date",
  demoTime: "Please select a preferred time",
};
export type DemoBookingMessages = typeof demoBookingMessages;

export const articleBookingMessages = {
  fullName: "Full name is required",
  email: "Please enter a valid email",
  emailShape: "Email must contain @ and no spaces",
  phone: "Phone number must be exactly 10 digits",
  company: "Company name is required",
  country: "Please select a country",
  demoDate: "Please select a demo date",
  demoTime: "Please select a preferred time",
};
export type ArticleBookingMessages = typeof articleBookingMessages;

export const salesLeadMessages = {
  fullName: "Full name is required",
  email: "Please enter a valid email address",
  countryCode: "Please select a country code",
  phone: "Phone number must be at least 7 digits",
  country: "Please select your country",
  callTime: "Please select a preferred call time",
};
export type SalesLeadMessages = typeof salesLeadMessages;

export const newsletterMessages = {
  email: "Please enter a valid email address",
};
export type NewsletterMessages = typeof newsletterMessages;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------
const MAX_TEXT = 200;

const fullName = (m: string) =>
  v.pipe(v.string(m), v.trim(), v.minLength(2, m), v.maxLength(MAX_TEXT, m));

const email = (m: string) =>
  v.pipe(v.string(m), v.trim(), v.nonEmpty(m), v.maxLength(254, m), v.email(m));

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
// Form schemas (what the visitor types)
// ---------------------------------------------------------------------------------------------
export interface RuleOptions {
  /** The clock used for "dates before now are disabled"; tests pass a fixed one. */
  now?: () => Date;
  /** Working days, hours and zone of demos (the server's settings; the default in the browser until they are known). */
  availability?: Availability;
}

/** The demo booking dialog (landing hero and footer). Company is optional (issue #4). */
export const demoBookingFormSchema = (
  m: DemoBookingMessages = demoBookingMessages,
  { now = () => new Date(), availability = DEFAULT_AVAILABILITY }: RuleOptions = {},
) =>
  v.object({
    fullName: fullName(m.fullName),
    email: email(m.email),
    countryCode: dialCode(m.countryCode),
    phone: phoneMin7(m.phone),
    company: optionalText(),
    demoDate: demoDate(m.demoDate, now, availability),
    demoTime: demoTime(m.demoTime, availability),
  });
export type DemoBookingForm = v.InferOutput<ReturnType<typeof demoBookingFormSchema>>;

/** The booking form under an article: stricter phone, company and country required. */
export const articleBookingFormSchema = (
  m: ArticleBookingMessages = articleBookingMessages,
  { now = () => new Date(), availability = DEFAULT_AVAILABILITY }: RuleOptions = {},
) =>
  v.object({
    fullName: fullName(m.fullName),
    email: strictEmail(m.email, m.emailShape),
    phone: phoneExactly10(m.phone),
    company: v.pipe(v.string(m.company), v.trim(), v.minLength(1, m.company), v.maxLength(MAX_TEXT, m.company)),
    country: v.picklist(ARTICLE_COUNTRIES, m.country),
    demoDate: demoDate(m.demoDate, now, availability),
    demoTime: demoTime(m.demoTime, availability),
  });
export type ArticleBookingForm = v.InferOutput<ReturnType<typeof articleBookingFormSchema>>;

/** The sales-lead form (landing section and contact page). City is optional (contact reading). */
export const salesLeadFormSchema = (m: SalesLeadMessages = salesLeadMessages) =>
  v.object({
    fullName: fullName(m.fullName),
    email: email(m.email),
    countryCode: dialCode(m.countryCode),
    phoneNumber: phoneMin7(m.phone),
    country: v.picklist(LEAD_GROUPS, m.country),
    city: optionalText(),
    company: optionalText(),
    callTime: v.picklist(CALL_TIMES, m.callTime),
    isEnterpriseInterested: v.optional(v.boolean(), false),
    /** The unticked box: express consent to marketing email (CASL). */
    marketingConsent: v.optional(v.boolean(), false),
  });
export type SalesLeadForm = v.InferOutput<ReturnType<typeof salesLeadFormSchema>>;

export const newsletterFormSchema = (m: NewsletterMessages = newsletterMessages) =>
  v.object({ email: email(m.email) });
export type NewsletterForm = v.InferOutput<ReturnType<typeof newsletterFormSchema>>;

// ---------------------------------------------------------------------------------------------
// Wire payloads (docs/product.md#submit), what `submit-form` receives. Built from the same field rules.
// ---------------------------------------------------------------------------------------------
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

export const demoBookingPayloadSchema = (opts: RuleOptions = {}) => {
  const now = opts.now ?? (() => new Date());
  const availability = opts.availability ?? DEFAULT_AVAILABILITY;
  const m = demoBookingMessages;
  return v.strictObject({
    fullName: fullName(m.fullName),
    email: email(m.email),
    /** Dial code joined to the number, e.g. "+971501234567". */
    phone: v.pipe(
      v.string(m.phone),
      v.regex(/^\+?\d{7,19}$/, m.phone),
    ),
    company: optionalText(),
    /** Only the article form sends it. */
    country: v.optional(v.picklist(ARTICLE_COUNTRIES, m.country)),
    /** The demo's date and slot on the business clock. */
    demoDate: demoDate(m.demoDate, now, availability),
    demoTime: demoTime(m.demoTime, availability),
    consent: consentRecord,
  });
};

export const salesLeadPayloadSchema = () => {
  const m = salesLeadMessages;
  return v.strictObject({
    fullName: fullName(m.fullName),
    email: email(m.email),
    countryCode: dialCode(m.countryCode),
    phoneNumber: phoneMin7(m.phone),
    /** countryCode joined to the digits of phoneNumber (contact-page shape). */
    phone: v.pipe(v.string(m.phone), v.regex(/^\+\d{7,19}$/, m.phone)),
    country: v.picklist(LEAD_GROUPS, m.country),
    city: optionalText(),
    company: optionalText(),
    preferredCallTime: v.picklist(CALL_TIMES, m.callTime),
    isEnterpriseInterested: v.optional(v.boolean(), false),
    consent: consentRecord,
  });
};

export const newsletterPayloadSchema = () => v.strictObject({ email: email(newsletterMessages.email), consent: consentRecord });

export const payloadSchemas = {
  demo_booking: demoBookingPayloadSchema,
  sales_lead: salesLeadPayloadSchema,
  newsletter: newsletterPayloadSchema,
} as const;

/** The body of POST /functions/v1/submit-form. */
export const submissionEnvelopeSchema = v.strictObject({
  formType: v.picklist(FORM_TYPES, "Unknown form type"),
  payload: v.record(v.string(), v.unknown(), "payload must be an object"),
  path: v.pipe(v.string("path must be a string"), v.regex(/^\/[^\s]{0,499}$/, "path must start with /")),
  locale: v.optional(v.picklist(LOCALES, "locale must be ar or en"), "ar"),
  timeZone: v.optional(v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$|^UTC$/, "timeZone must be an IANA name"))),
  /** Idempotency key made by the browser; a retried submission carries the same one. */
  submissionId: v.pipe(v.string("submissionId is required"), v.uuid("submissionId must be a UUID")),
  /** Honeypot: a hidden field people never fill in. */
  website: v.optional(v.string()),
});
export type SubmissionEnvelope = v.InferOutput<typeof submissionEnvelopeSchema>;

export type FieldErrors = Record<string, string>;

/** Flattens valibot issues into { field: first message }. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join(".") || "_";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export type ValidationResult =
  | { ok: true; envelope: SubmissionEnvelope; payload: Record<string, unknown> }
  | { ok: false; fields: FieldErrors; message: string };

/** Validates a whole submission as the server sees it. */
export function validateSubmission(body: unknown, opts: RuleOptions = {}): ValidationResult {
  const env = v.safeParse(submissionEnvelopeSchema, body);
  if (!env.success) {
    return { ok: false, fields: fieldErrors(env.issues), message: "Invalid submission" };
  }
  const schema = payloadSchemas[env.output.formType](opts);
  const payload = v.safeParse(schema, env.output.payload);
  if (!payload.success) {
    const fields = Object.fromEntries(
      Object.entries(fieldErrors(payload.issues)).map(([k, val]) => [`payload.${k}`, val]),
    );
    return { ok: false, fields, message: "Invalid submission" };
  }
  return { ok: true, envelope: env.output, payload: payload.output as Record<string, unknown> };
}

export { isoDate };
