// GENERATED from src/lib/forms/form-base.ts by scripts/functions-domain.mjs: edit the source, then run it.
/**
 * What every visitor form shares (message descriptors, the payload spec, the email rule) and the
 * newsletter's rules, without the phone rule: the footer's newsletter form, on every page, imports
 * this module and not ./schemas.ts, so it does not load libphonenumber-js's metadata.
 *
 * Relative imports only: bundled into the Edge Function through ./schemas.ts.
 */
import * as v from "valibot";
import { CONSENT_VERSION } from "../consent.ts";

export const FORM_TYPES = ["demo_booking", "sales_lead", "newsletter"] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** A Lingui message descriptor (`MessageDescriptor` of @lingui/core, which this module must not import). */
export interface FormMessage {
  readonly id: string;
  readonly message: string;
  /** Values of the message's `{placeholders}` (a country's name in the visitor's language). */
  readonly values?: Readonly<Record<string, string>>;
}
/** Turns a message into the visitor's language; the server keeps the English text. */
export type Translate = (message: FormMessage) => string;
export const english: Translate = (m) => (m.values ? m.message.replace(/\{(\w+)\}/g, (all, k: string) => m.values?.[k] ?? all) : m.message);

export const validEmailAddress = /*i18n*/ { id: "OtjenF", message: "Please enter a valid email address" };

export const newsletterMessages = {
  email: validEmailAddress,
} satisfies Record<string, FormMessage>;

/** The consent statement the visitor saw, and whether they agreed to marketing email. */
export const consentOf = (marketing: boolean) => ({ version: CONSENT_VERSION, marketing });

export const email = (m: string) => v.pipe(v.string(m), v.trim(), v.nonEmpty(m), v.maxLength(254, m), v.email(m));

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
export const formSpec =
  <Values>() =>
  <Payload>(spec: FormSpec<Values, Payload>) =>
    spec;

// --- Newsletter (docs/product.md#newsletter) -------------------------------------------------

export const newsletterFormSchema = (tr: Translate = english) => v.object({ email: email(tr(newsletterMessages.email)) });
export type NewsletterForm = v.InferOutput<ReturnType<typeof newsletterFormSchema>>;

/** Signing up is itself the express consent to the newsletter. */
export const newsletter = formSpec<NewsletterForm>()({
  formType: "newsletter",
  toPayload: (values: NewsletterForm) => ({ email: values.email.trim(), consent: consentOf(true) }),
  fieldOf: { email: "email", consent: null },
});
