import type { Lead } from "./pipeline";

/** A stored lead for tests: a new sales lead from March 2026; pass what the test is about. */
export const sampleLead = (fields: Partial<Lead> = {}): Lead => ({
  id: "lead-1",
  full_name: "Rula",
  email: "rula@x.ae",
  phone: null,
  phone_digits: null,
  company: null,
  country: "UAE",
  city: null,
  locale: "en",
  status: "new",
  owner_id: null,
  source_form_type: "sales_lead",
  source_page_path: "/",
  form_types: ["sales_lead"],
  submission_count: 1,
  created_at: "2026-03-01T10:00:00Z",
  status_changed_at: "2026-03-01T10:00:00Z",
  last_submission_at: "2026-03-01T10:00:00Z",
  last_activity_at: "2026-03-01T10:00:00Z",
  overdue: false,
  due_at: null,
  country_code: "AE",
  kind: "lead",
  ...fields,
});
