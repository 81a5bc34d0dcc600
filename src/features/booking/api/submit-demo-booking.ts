/** Sends a demo booking (dialog or article form) through the one submit helper (`demo_booking`, docs/product.md#booking). */
import { type ARTICLE_COUNTRIES, digitsOnly } from "@/lib/forms/schemas";
import type { Locale } from "@/lib/i18n/locale";
import { type SubmitResult, submitForm } from "@/lib/submit/submit";

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
}

export function demoBookingPayload(input: DemoBookingInput) {
  return {
    fullName: input.fullName.trim(),
    email: input.email.trim(),
    phone: `${input.countryCode ?? ""}${digitsOnly(input.phone)}`,
    company: input.company?.trim() ?? "",
    ...(input.country ? { country: input.country } : {}),
    demoDate: input.demoDate,
    demoTime: input.demoTime,
  };
}

export function submitDemoBooking(input: DemoBookingInput, opts: { path: string; locale: Locale; website?: string }): Promise<SubmitResult> {
  return submitForm("demo_booking", demoBookingPayload(input), opts);
}
