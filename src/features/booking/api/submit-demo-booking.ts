/** Sends a demo booking (dialog or article form) through the one submit helper (`demo_booking`, docs/product.md#booking). */
import { type DemoBookingInput, demoBooking } from "@/lib/forms/schemas";
import { type SubmitOptions, type SubmitResult, submitForm } from "@/lib/submit/submit";

export type { DemoBookingInput } from "@/lib/forms/schemas";

export function submitDemoBooking(input: DemoBookingInput, opts: SubmitOptions): Promise<SubmitResult> {
  return submitForm(demoBooking.formType, demoBooking.toPayload(input), opts);
}
