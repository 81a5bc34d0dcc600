import { createHash } from "node:crypto";
import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  articleBookingMessages,
  demoBookingMessages,
  english,
  newsletterMessages,
  phoneMessage,
  phoneMessages,
  salesLead,
  salesLeadFormSchema,
  salesLeadMessages,
  validateSubmission,
} from "./schemas";
import { parsePhone } from "./phone";
import { getI18n } from "@/lib/i18n/catalogs";

/** Lingui's id of a message without context (what its macros compute): sha256 of message + U+001F, base64, 6 characters. */
const linguiId = (message: string) => createHash("sha256").update(`${message}\u001F`).digest("base64").slice(0, 6);

const all = { ...demoBookingMessages, ...articleBookingMessages, ...salesLeadMessages, ...newsletterMessages, ...phoneMessages };

describe("form messages", () => {
  it("carry the ids Lingui's macros give the same text, so one translation serves both", () => {
    for (const m of [
      ...Object.values(demoBookingMessages),
      ...Object.values(articleBookingMessages),
      ...Object.values(salesLeadMessages),
      ...Object.values(newsletterMessages),
      ...Object.values(phoneMessages),
    ]) {
      expect(m.id, m.message).toBe(linguiId(m.message));
    }
    expect(all.fullName).toEqual(msg`Full name is required`);
  });

  it("are translated in the browser and English on the server", () => {
    const upper = salesLeadFormSchema((m) => m.message.toUpperCase());
    const result = v.safeParse(upper, { fullName: "", email: "x", countryCode: "+971", phoneNumber: "1", country: "UAE", callTime: "" });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe("FULL NAME IS REQUIRED");
    expect(english(salesLeadMessages.fullName)).toBe("Full name is required");
    expect(english({ ...phoneMessages.invalidFor, values: { country: "Canada" } })).toBe("This is not a valid phone number for Canada");
  });
});

describe("phone messages", () => {
  it("name the chosen country and the number's code in the visitor's language, the code left to right", () => {
    const wrong = parsePhone("+44 20 7946 0958", { dial: "+971", country: "AE" });
    const ar = getI18n("ar");
    const text = phoneMessage((m) => ar._(m), wrong, "AE", "ar");
    expect(text).toContain("الإمارات");
    expect(text).toContain("\u2066+44\u2069");
    expect(phoneMessage(english, wrong, "AE")).toBe(
      "This number has the code +44 (United Kingdom), but the chosen country is United Arab Emirates",
    );
    expect(phoneMessage((m) => ar._(m), parsePhone("050 123", { dial: "+971" }), "AE", "ar")).toBe("رقم الهاتف هذا أقصر من اللازم");
  });
});

describe("salesLead spec", () => {
  it("maps every payload key back to the field it came from", () => {
    const payload = salesLead.toPayload({
      fullName: " A B ",
      email: "a@b.co",
      countryCode: "+971",
      phoneNumber: "050 123 4567",
      country: "UAE",
      city: "",
      company: "",
      callTime: "9-5",
      isEnterpriseInterested: false,
      marketingConsent: true,
    });
    expect(Object.keys(salesLead.fieldOf).sort()).toEqual(Object.keys(payload).sort());
    expect(salesLead.fieldOf.phone).toBe("phoneNumber");
    // Both shapes of the number, without the trunk 0 the visitor typed after +971.
    expect(payload.phone).toBe("+971501234567");
    expect(payload.phoneNumber).toBe("501234567");
    expect(salesLead.fieldOf.preferredCallTime).toBe("callTime");
    const server = validateSubmission({
      formType: "sales_lead",
      payload: { ...payload, phone: "1", preferredCallTime: "x" },
      path: "/",
      submissionId: crypto.randomUUID(),
    });
    expect(server.ok).toBe(false);
    if (!server.ok)
      expect(server.fields).toMatchObject({
        "payload.phone": "Please enter a valid phone number",
        "payload.preferredCallTime": "Please select a preferred call time",
      });
  });
});
