/**
 * One phone rule for every form (issue 29): each typed input goes through the form's own schema (what
 * the browser checks), its spec's toPayload (what is sent) and validateSubmission (what the server
 * stores), and must give the same E.164 number and country, or the named problem.
 */
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { countryOfPhone, formatPhone, parsePhone, typedPhone, westernDigits } from "./phone";
import {
  type DemoBookingInput,
  type SalesLeadForm,
  articleBookingFormSchema,
  demoBooking,
  demoBookingFormSchema,
  english,
  phoneMessages,
  salesLead,
  salesLeadFormSchema,
  validateSubmission,
} from "./schemas";

const now = () => new Date("2026-11-20T08:00:00Z");
const slot = { demoDate: "2026-11-23", demoTime: "10:00" };

type Case =
  | { form: "lead"; dial: string; group?: "UAE" | "Others"; city?: string }
  | { form: "dialog"; dial: string; iso: string }
  | { form: "article"; country: "canada" | "uae" | "usa" | "uk" | "other" };
type Expected = { e164: string; iso: string } | { message: string };
type Row = [label: string, input: string, on: Case, expected: Expected];

const msg = (key: keyof typeof phoneMessages, values?: Record<string, string>) => english({ ...phoneMessages[key], values });
const ok = (e164: string, iso: string): Expected => ({ e164, iso });
const no = (key: keyof typeof phoneMessages, values?: Record<string, string>): Expected => ({ message: msg(key, values) });

const UAE_LEAD: Case = { form: "lead", dial: "+971", group: "UAE" };
const UAE = "United Arab Emirates";

/** The ways a visitor writes one UAE mobile number on the sales lead form (UAE group, +971): all +971501234567. */
const UAE_MOBILE_SPELLINGS: [label: string, input: string][] = [
  ["national with trunk 0", "050 123 4567"],
  ["national without trunk 0", "50 123 4567"],
  ["autofill +971 with spaces", "+971 50 123 4567"],
  ["00 international", "00971501234567"],
  ["code without +", "971501234567"],
  ["+code with (0) and dashes", "+971 (0)50-123-4567"],
  ["dots", "050.123.4567"],
  ["Arabic-Indic digits", "٠٥٠١٢٣٤٥٦٧"],
  ["Persian digits", "۰۵۰۱۲۳۴۵۶۷"],
  ["Arabic-Indic digits with +code", "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧"],
  ["direction marks from a copy", "\u200E+971 50 123 4567\u200F"],
];

export const PHONE_TABLE: Row[] = [
  // Sales lead, UAE group (+971).
  ...UAE_MOBILE_SPELLINGS.map(([label, input]): Row => [label, input, UAE_LEAD, ok("+971501234567", "AE")]),
  ["Dubai landline", "04 312 3456", UAE_LEAD, ok("+97143123456", "AE")],
  ["too short", "050 123", UAE_LEAD, no("tooShort")],
  ["too long", "050 123 4567 89", UAE_LEAD, no("tooLong")],
  ["cut after the code (old bug)", "9715012345", UAE_LEAD, no("tooShort")],
  ["not a UAE mobile or landline", "060 123 4567", UAE_LEAD, no("invalidFor", { country: UAE })],
  ["another country's code", "+44 20 7946 0958", UAE_LEAD, no("otherCountry", { code: "+44", other: "United Kingdom", country: UAE })],
  ["letters", "050 CALL ME", UAE_LEAD, no("characters")],
  ["empty", "  ", UAE_LEAD, no("required")],
  // Sales lead, Others group (dial code list, country list).
  ["Canada, chosen in the list", "(613) 555-0142", { form: "lead", dial: "+1", group: "Others", city: "Canada" }, ok("+16135550142", "CA")],
  ["+1 without a country: the number tells", "212-555-0142", { form: "lead", dial: "+1", group: "Others" }, ok("+12125550142", "US")],
  ["UK mobile with trunk 0", "07946 095800", { form: "lead", dial: "+44", group: "Others" }, ok("+447946095800", "GB")],
  ["Saudi mobile", "050 123 4567", { form: "lead", dial: "+966", group: "Others", city: "Saudi Arabia" }, ok("+966501234567", "SA")],
  ["India mobile", "98765 43210", { form: "lead", dial: "+91", group: "Others" }, ok("+919876543210", "IN")],
  ["India, autofilled +91", "+91 98765 43210", { form: "lead", dial: "+91", group: "Others", city: "India" }, ok("+919876543210", "IN")],
  [
    "UAE number with Saudi chosen",
    "+971501234567",
    { form: "lead", dial: "+966", group: "Others" },
    no("otherCountry", { code: "+971", other: UAE, country: "Saudi Arabia" }),
  ],
  ["Canada too short", "555-0142", { form: "lead", dial: "+1", group: "Others", city: "Canada" }, no("tooShort")],
  // The booking dialog (dial code select; its option names the country).
  ["dialog autofill", "+971 50 123 4567", { form: "dialog", dial: "+971", iso: "AE" }, ok("+971501234567", "AE")],
  ["dialog 00code", "00971 50 123 4567", { form: "dialog", dial: "+971", iso: "AE" }, ok("+971501234567", "AE")],
  ["dialog Arabic-Indic", "٠٥٠١٢٣٤٥٦٧", { form: "dialog", dial: "+971", iso: "AE" }, ok("+971501234567", "AE")],
  ["dialog Canada", "613 555 0142", { form: "dialog", dial: "+1", iso: "CA" }, ok("+16135550142", "CA")],
  ["dialog United States, +1 typed", "+1 212 555 0142", { form: "dialog", dial: "+1", iso: "US" }, ok("+12125550142", "US")],
  ["dialog Saudi, Arabic-Indic", "٠٥٠١٢٣٤٥٦٧", { form: "dialog", dial: "+966", iso: "SA" }, ok("+966501234567", "SA")],
  ["dialog too short", "050 12", { form: "dialog", dial: "+971", iso: "AE" }, no("tooShort")],
  [
    "dialog wrong country",
    "+44 7946 095800",
    { form: "dialog", dial: "+971", iso: "AE" },
    no("otherCountry", { code: "+44", other: "United Kingdom", country: UAE }),
  ],
  // The article form (country select; "Other" needs the international code).
  ["article UAE national", "050 123 4567", { form: "article", country: "uae" }, ok("+971501234567", "AE")],
  ["article UAE autofill (was cut to 10 digits)", "+971 50 123 4567", { form: "article", country: "uae" }, ok("+971501234567", "AE")],
  ["article Canada", "416 555 0199", { form: "article", country: "canada" }, ok("+14165550199", "CA")],
  ["article Canada, Arabic-Indic", "٤١٦٥٥٥٠١٩٩", { form: "article", country: "canada" }, ok("+14165550199", "CA")],
  ["article USA", "(212) 555-0142", { form: "article", country: "usa" }, ok("+12125550142", "US")],
  ["article UK landline", "020 7946 0958", { form: "article", country: "uk" }, ok("+442079460958", "GB")],
  ["article Other, +966", "+966 50 123 4567", { form: "article", country: "other" }, ok("+966501234567", "SA")],
  ["article Other, 0091", "00919876543210", { form: "article", country: "other" }, ok("+919876543210", "IN")],
  ["article Other, no code", "0501234567", { form: "article", country: "other" }, no("needsCode")],
  [
    "article UAE, Canadian number",
    "+1 416 555 0199",
    { form: "article", country: "uae" },
    no("otherCountry", { code: "+1", other: "Canada", country: UAE }),
  ],
  ["article UK too long", "07946 0958001", { form: "article", country: "uk" }, no("tooLong")],
];

/** The form's values around one typed number. */
function formValues(input: string, on: Case) {
  const person = { fullName: "Layla Haddad", email: "layla@dunesrealty.ae" };
  if (on.form === "lead")
    return {
      ...person,
      countryCode: on.dial,
      phoneNumber: input,
      country: on.group ?? "UAE",
      city: on.city ?? "",
      company: "",
      callTime: "9-5",
      isEnterpriseInterested: false,
      marketingConsent: false,
    };
  if (on.form === "dialog") return { ...person, countryCode: on.dial, countryIso: on.iso, phone: input, company: "", ...slot };
  return { ...person, phone: input, company: "Dunes Realty", country: on.country, ...slot };
}

const schemaOf = (on: Case) =>
  on.form === "lead"
    ? salesLeadFormSchema(english)
    : on.form === "dialog"
      ? demoBookingFormSchema(english, { now })
      : articleBookingFormSchema(english, { now });

/** What the browser sends for values its schema accepted (or would send, for the server's own check). */
const payloadOf = (on: Case, values: Record<string, unknown>) =>
  on.form === "lead" ? salesLead.toPayload(values as SalesLeadForm) : demoBooking.toPayload(values as unknown as DemoBookingInput);

const server = (on: Case, payload: unknown) =>
  validateSubmission(
    { formType: on.form === "lead" ? "sales_lead" : "demo_booking", payload, path: "/", submissionId: crypto.randomUUID() },
    { now },
  );

describe("phone table: browser schema + toPayload, then the server's validateSubmission", () => {
  it("has at least 30 rows", () => expect(PHONE_TABLE.length).toBeGreaterThanOrEqual(30));

  it.each(PHONE_TABLE)("%s: %j", (_label, input, on, expected) => {
    const values = formValues(input, on);
    const parsed = v.safeParse(schemaOf(on), values);
    const phoneKey = on.form === "lead" ? "phoneNumber" : "phone";
    if ("e164" in expected) {
      expect(parsed.issues?.map((i) => i.message)).toBeUndefined();
      const payload = payloadOf(on, parsed.output as Record<string, unknown>);
      expect(payload.phone).toBe(expected.e164);
      expect(payload.countryIso).toBe(expected.iso);
      if (on.form === "lead") {
        const lead = payload as ReturnType<typeof salesLead.toPayload>;
        expect(`${lead.countryCode}${lead.phoneNumber}`).toBe(expected.e164);
      }
      const stored = server(on, payload);
      expect(stored.ok ? null : stored.fields).toBeNull();
      if (stored.ok) {
        expect(stored.payload.phone).toBe(expected.e164);
        expect(stored.payload.countryIso).toBe(expected.iso);
      }
      // Without countryIso, the server derives it from the number.
      const { countryIso: _iso, ...bare } = payload;
      const derived = server(on, bare);
      expect(derived.ok && derived.payload.countryIso).toBe(countryOfPhone(expected.e164));
    } else {
      expect(parsed.success).toBe(false);
      const issue = parsed.issues?.find((i) => i.path?.map((p) => p.key).join(".") === phoneKey);
      expect(issue?.message).toBe(expected.message);
      // What the browser would send anyway is refused by the server, on the phone.
      const refused = server(on, payloadOf(on, values));
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(Object.keys(refused.fields).some((k) => /^payload\.phone/.test(k))).toBe(true);
    }
  });
});

describe("server payload rules", () => {
  const lead = {
    fullName: "Layla Haddad",
    email: "layla@dunesrealty.ae",
    countryCode: "+971",
    phoneNumber: "501234567",
    phone: "+971501234567",
    country: "UAE",
    city: "",
    company: "",
    preferredCallTime: "9-5",
  };
  it("refuses a double prefix, a number that is not E.164 and a phone that disagrees with its parts", () => {
    const fields = (payload: object) => {
      const r = server({ form: "lead", dial: "+971" }, payload);
      return r.ok ? {} : r.fields;
    };
    expect(fields({ ...lead, phone: "+971971501234567", phoneNumber: "971501234567" })).toHaveProperty("payload.phone");
    expect(fields({ ...lead, phone: "0501234567" })).toHaveProperty("payload.phone");
    expect(fields({ ...lead, phoneNumber: "501234568" })).toHaveProperty("payload.phoneNumber");
    expect(fields({ ...lead, countryIso: "ae" })).toHaveProperty("payload.countryIso");
    expect(fields({ ...lead, countryIso: "SA" })["payload.phone"]).toBe(
      msg("otherCountry", { code: "+971", other: UAE, country: "Saudi Arabia" }),
    );
    expect(fields(lead)).toEqual({});
  });
  it("refuses the article form's old truncated shape", () => {
    const r = server(
      { form: "article", country: "uae" },
      { fullName: "A B", email: "a@b.co", phone: "+9719715012345", company: "C", country: "uae", ...slot },
    );
    expect(r.ok).toBe(false);
  });
});

describe("phone helpers", () => {
  it("turns Arabic-Indic and Persian digits into Western ones, keeping everything else", () => {
    expect(westernDigits("٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789 0123456789");
    expect(typedPhone("\u200E+٩٧١ ٥٠\u00A0١٢٣")).toBe("+971 50 123");
  });
  it("formats E.164 for people, international", () => {
    expect(formatPhone("+971501234567")).toBe("+971 50 123 4567");
    expect(formatPhone("+16135550142")).toBe("+1 613 555 0142");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
    expect(formatPhone("not a number")).toBe("not a number");
  });
  it("names the country of a chosen option that shares its code", () => {
    const r = parsePhone("2125550142", { dial: "+1", country: "CA" });
    expect(r.ok && r.e164).toBe("+12125550142");
  });
});
