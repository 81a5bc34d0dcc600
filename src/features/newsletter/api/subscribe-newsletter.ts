/** Sends a newsletter sign-up through the one submit helper (docs/product.md#newsletter). */
import { newsletter } from "@/lib/forms/form-base";
import { type SubmitOptions, type SubmitResult, submitForm } from "@/lib/submit/submit";

export function subscribeNewsletter(email: string, opts: SubmitOptions): Promise<SubmitResult> {
  return submitForm(newsletter.formType, newsletter.toPayload({ email }), opts);
}
