/** Sends a sales lead through the one submit helper (`sales_lead`, both shapes in one payload; docs/product.md#leads). */
import { type SalesLeadForm, salesLead } from "@/lib/forms/schemas";
import { type SubmitOptions, type SubmitResult, submitForm } from "@/lib/submit/submit";

export function submitSalesLead(values: SalesLeadForm, opts: SubmitOptions): Promise<SubmitResult> {
  return submitForm(salesLead.formType, salesLead.toPayload(values), opts);
}
