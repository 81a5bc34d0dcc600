/** Sends a newsletter sign-up through the one submit helper (docs/product.md#newsletter). */
import { CONSENT_VERSION } from "@/lib/consent";
import type { Locale } from "@/lib/i18n/locale";
import { type SubmitResult, submitForm } from "@/lib/submit/submit";

export function subscribeNewsletter(email: string, opts: { path: string; locale: Locale; website?: string }): Promise<SubmitResult> {
  return submitForm("newsletter", { email: email.trim(), consent: { version: CONSENT_VERSION, marketing: true } }, opts);
}
