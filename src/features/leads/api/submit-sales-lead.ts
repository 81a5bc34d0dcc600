/** Sends a sales lead through the one submit helper (`sales_lead`, both shapes in one payload; docs/product.md#leads). */
import { CONSENT_VERSION } from "@/lib/consent";
import { type SalesLeadForm, digitsOnly } from "@/lib/forms/schemas";
import type { Locale } from "@/lib/i18n/locale";
import { type SubmitResult, submitForm } from "@/lib/submit/submit";

export function salesLeadPayload(v: SalesLeadForm) {
  const digits = digitsOnly(v.phoneNumber);
  return {
    fullName: v.fullName.trim(),
    email: v.email.trim(),
    countryCode: v.countryCode,
    phoneNumber: digits,
    phone: `${v.countryCode}${digits}`,
    country: v.country,
    city: v.city ?? "",
    company: v.company?.trim() ?? "",
    preferredCallTime: v.callTime,
    isEnterpriseInterested: Boolean(v.isEnterpriseInterested),
    consent: { version: CONSENT_VERSION, marketing: Boolean(v.marketingConsent) },
  };
}

export function submitSalesLead(values: SalesLeadForm, opts: { path: string; locale: Locale; website?: string }): Promise<SubmitResult> {
  return submitForm("sales_lead", salesLeadPayload(values), opts);
}
