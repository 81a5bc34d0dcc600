import type { LeadDetail, LeadEvent } from "@/features/admin-leads/api/lead-detail";
import type { LeadOwner } from "@/features/admin-leads/api/list-lead-owners";
import type { Lead } from "@/features/admin-leads/lib/pipeline";
import type { Submission } from "@/features/admin-leads/lib/leads";

export const sampleLeads: Submission[] = [
  {
    id: "l1",
    form_type: "demo_booking",
    payload: {
      fullName: "Ethan Clarke",
      email: "ethan@example.ca",
      phone: "+14165550100",
      company: "Clarke Homes",
      demoDate: "2026-03-02",
      demoTime: "09:30",
    },
    page_path: "/en",
    locale: "en",
    time_zone: "America/Toronto",
    user_agent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15",
    submission_id: "7b0c7a52-3f55-4b8e-9a53-1df2b1d1a001",
    created_at: "2026-02-27T14:05:00Z",
  },
  {
    id: "l2",
    form_type: "sales_lead",
    payload: {
      fullName: "ليلى حداد",
      email: "layla@example.ae",
      countryCode: "+971",
      phoneNumber: "501234567",
      phone: "+971501234567",
      country: "UAE",
      city: "Dubai",
      company: "Haddad Realty",
      preferredCallTime: "5-9",
      isEnterpriseInterested: true,
    },
    page_path: "/contact",
    locale: "ar",
    time_zone: "Asia/Dubai",
    user_agent: null,
    submission_id: "7b0c7a52-3f55-4b8e-9a53-1df2b1d1a002",
    created_at: "2026-02-26T08:40:00Z",
  },
  {
    id: "l3",
    form_type: "newsletter",
    payload: { email: "reader@example.com" },
    page_path: "/blog",
    locale: "en",
    time_zone: "Europe/London",
    user_agent: null,
    submission_id: "7b0c7a52-3f55-4b8e-9a53-1df2b1d1a003",
    created_at: "2026-02-25T19:10:00Z",
  },
];

export const sampleOwners: LeadOwner[] = [
  { user_id: "5f1d0c5e-0000-4000-8000-000000000001", email: "owner@wasla.ae", role: "owner" },
  { user_id: "5f1d0c5e-0000-4000-8000-000000000002", email: "noura.sales@wasla.ae", role: "sales" },
];

const baseLead: Lead = {
  id: "lead-1",
  full_name: "Ethan Clarke",
  email: "ethan@example.ca",
  phone: "+14165550100",
  phone_digits: "14165550100",
  company: "Clarke Homes",
  country: "Canada",
  city: "Toronto",
  locale: "en",
  status: "new",
  owner_id: null,
  source_form_type: "demo_booking",
  source_page_path: "/en",
  form_types: ["demo_booking"],
  submission_count: 1,
  created_at: "2026-02-27T14:05:00Z",
  status_changed_at: "2026-02-27T14:05:00Z",
  last_submission_at: "2026-02-27T14:05:00Z",
  last_activity_at: "2026-02-27T14:05:00Z",
  overdue: true,
  due_at: "2026-02-28T14:05:00Z",
};

/** Three people: an overdue new lead, a won lead with an owner, a contacted newsletter reader. */
export const samplePeople: Lead[] = [
  baseLead,
  {
    ...baseLead,
    id: "lead-2",
    full_name: "ليلى حداد",
    email: "layla@example.ae",
    phone: "+971501234567",
    phone_digits: "971501234567",
    company: "Haddad Realty",
    country: "UAE",
    city: "Dubai",
    locale: "ar",
    status: "won",
    owner_id: sampleOwners[1]!.user_id,
    source_form_type: "sales_lead",
    source_page_path: "/contact",
    form_types: ["sales_lead", "demo_booking"],
    submission_count: 2,
    created_at: "2026-02-26T08:40:00Z",
    last_activity_at: "2026-02-28T09:00:00Z",
    overdue: false,
    due_at: null,
  },
  {
    ...baseLead,
    id: "lead-3",
    full_name: null,
    email: "reader@example.com",
    phone: null,
    phone_digits: null,
    company: null,
    country: null,
    city: null,
    status: "contacted",
    source_form_type: "newsletter",
    source_page_path: "/blog",
    form_types: ["newsletter"],
    created_at: "2026-02-25T19:10:00Z",
    overdue: false,
    due_at: null,
  },
];

const event = (id: number, e: Partial<LeadEvent>): LeadEvent => ({
  id,
  lead_id: "lead-2",
  kind: "created",
  actor_id: null,
  actor_email: null,
  from_value: null,
  to_value: null,
  detail: null,
  submission_id: null,
  created_at: "2026-02-26T08:40:00Z",
  ...e,
});

/** Layla's lead: new → contacted → won, an owner, a note, emails sent; newest first like the API. */
export const sampleDetail: LeadDetail = {
  lead: samplePeople[1]!,
  submissions: [
    {
      ...sampleLeads[0]!,
      id: "s-2",
      payload: { ...sampleLeads[1]!.payload, demoDate: "2026-03-02", demoTime: "10:00" },
      form_type: "demo_booking",
      created_at: "2026-02-27T10:00:00Z",
    },
    sampleLeads[1]!,
  ],
  events: [
    event(7, {
      kind: "status_changed",
      from_value: "contacted",
      to_value: "won",
      actor_email: "noura.sales@wasla.ae",
      created_at: "2026-02-28T09:00:00Z",
    }),
    event(6, {
      kind: "note_added",
      detail: "اتصلت بها، تريد العرض للفريق كاملاً",
      actor_email: "noura.sales@wasla.ae",
      created_at: "2026-02-27T16:00:00Z",
    }),
    event(5, { kind: "submitted", to_value: "demo_booking", created_at: "2026-02-27T10:00:00Z" }),
    event(4, {
      kind: "status_changed",
      from_value: "new",
      to_value: "contacted",
      actor_email: "noura.sales@wasla.ae",
      created_at: "2026-02-26T11:00:00Z",
    }),
    event(3, {
      kind: "owner_changed",
      to_value: "noura.sales@wasla.ae",
      actor_email: "owner@wasla.ae",
      created_at: "2026-02-26T09:30:00Z",
    }),
    event(2, { kind: "email_sent", detail: "lead_acknowledgement", created_at: "2026-02-26T08:41:00Z" }),
    event(1, { kind: "created", to_value: "sales_lead" }),
  ],
};
