/**
 * The visitor forms as a plain HTML form posts them (docs/product.md#submit, "Without JavaScript"):
 * which form a POST is for, how its named inputs become the form's values, and the messages the server
 * shows beside them. Shared by the server (server/site/form-post.ts) and the forms (src/components/forms/
 * form-echo.tsx), so the names on the page and the names the server reads are one list.
 *
 * Plain TypeScript with relative imports: the server runs it without the app's bundler.
 */
import { getCountryCallingCode, isSupportedCountry } from "libphonenumber-js/min";
import type * as v from "valibot";
import {
  type FormMessage,
  type FormSpec,
  type FormType,
  type Translate,
  articleBookingFormSchema,
  english,
  articleBookingMessages,
  demoBooking,
  demoBookingFormSchema,
  demoBookingMessages,
  newsletter,
  newsletterFormSchema,
  newsletterMessages,
  salesLead,
  salesLeadFormSchema,
  salesLeadMessages,
} from "./schemas.ts";
import type { Availability } from "../booking/availability.ts";

import { type VisitorFormKey, SENT_PARAM, isVisitorFormKey } from "./visitor-form-keys.ts";

export { type VisitorFormKey, SENT_PARAM, isVisitorFormKey };

/** Hidden inputs every visitor form carries (besides the honeypot, `website`). */
export const VISITOR_FORM_FIELD = "_form";
export const SUBMISSION_ID_FIELD = "submissionId";
export const LOCALE_FIELD = "locale";
export const HONEYPOT_FIELD = "website";
/** A select whose value is an option id, not the field's value (the dial-code field: "CA" → "+1"). */
const OPTION_SUFFIX = "-option";

/** What the page shows for a form, decided on the server: its success after a redirect, or a rejected post. */
export interface FormEcho {
  form: VisitorFormKey;
  /** The submission was stored (the GET after the redirect). */
  sent?: boolean;
  /** What the visitor sent, by field (a rejected post). */
  values?: Record<string, string | boolean>;
  /** Translated messages by field. */
  errors?: Record<string, string>;
  /** A translated message for the form as a whole (rate limit, server failure). */
  formError?: string;
  /** The id a resubmission of this page carries (so sending it twice stores it once). */
  submissionId?: string;
}

/** Where the page is taken after a stored submission: the form's success region. */
export const THANKS_ANCHOR: Record<VisitorFormKey, string> = {
  sales_lead: "sales-lead-thanks",
  demo_booking: "demo-booking-thanks",
  article_booking: "article-booking-thanks",
  newsletter: "newsletter-thanks",
};

interface VisitorFormRules {
  formType: FormType;
  schema: (tr: Translate, options: { now?: () => Date; availability?: Availability }) => v.GenericSchema;
  spec: Pick<FormSpec<never, Record<string, unknown>>, "fieldOf"> & { toPayload: (values: never) => Record<string, unknown> };
  messages: Readonly<Record<string, FormMessage>>;
}

export const VISITOR_FORM_RULES: Record<VisitorFormKey, VisitorFormRules> = {
  sales_lead: { formType: "sales_lead", schema: salesLeadFormSchema, spec: salesLead, messages: salesLeadMessages },
  demo_booking: { formType: "demo_booking", schema: demoBookingFormSchema, spec: demoBooking, messages: demoBookingMessages },
  article_booking: { formType: "demo_booking", schema: articleBookingFormSchema, spec: demoBooking, messages: articleBookingMessages },
  newsletter: { formType: "newsletter", schema: newsletterFormSchema, spec: newsletter, messages: newsletterMessages },
};

/** Messages of the page's answer to a post that was not stored (translated on the server). */
export const formPostMessages = {
  rejected: /*i18n*/ { id: "FipBzJ", message: "We could not accept these details. Please check them and try again." },
  rateLimited: /*i18n*/ { id: "o1KEq8", message: "Too many submissions. Please wait a few minutes and try again." },
  failed: /*i18n*/ { id: "GTDpqR", message: "We could not send your details just now. Please try again in a moment." },
  slotTaken: /*i18n*/ { id: "pmKKqb", message: "This time is no longer available. Please choose another one." },
} satisfies Record<string, FormMessage>;

/** A dial-code select's option id as its dial code: "+971" stays, a region ("CA") becomes "+1". */
function dialOf(option: string): string {
  if (/^\+\d{1,4}$/.test(option)) return option;
  if (/^[A-Z]{2}$/.test(option) && isSupportedCountry(option)) return `+${getCountryCallingCode(option)}`;
  return option;
}

/** Whether the schema's entry for a field is a boolean (a checkbox: present when ticked). */
function isBooleanEntry(entry: unknown): boolean {
  let e = entry as { type?: string; wrapped?: unknown } | undefined;
  while (e && (e.type === "optional" || e.type === "nullish" || e.type === "exact_optional")) e = e.wrapped as typeof e;
  return e?.type === "boolean";
}

/**
 * The values of a posted form: the first non-empty value of each named input the form's schema knows
 * (a page may carry a script-only control and its no-script stand-in under one name), a dial-code
 * option as its dial code, a ticked checkbox as true.
 */
export function readPostedValues(key: VisitorFormKey, params: URLSearchParams): Record<string, string | boolean> {
  const entries = (VISITOR_FORM_RULES[key].schema(english, {}) as unknown as { entries?: Record<string, unknown> }).entries ?? {};
  const values: Record<string, string | boolean> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const all = [...params.getAll(name), ...params.getAll(`${name}${OPTION_SUFFIX}`).map(dialOf)];
    const value = all.find((x) => x.trim() !== "") ?? (all.length ? "" : undefined);
    if (isBooleanEntry(entry)) {
      if (value !== undefined && value !== "") values[name] = true;
    } else if (value !== undefined) values[name] = value;
  }
  return values;
}
