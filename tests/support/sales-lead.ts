/**
 * A sales lead as the contact form sends it to `submit-form` (the envelope and a valid payload), for the
 * server tests that need a lead to arrive: each overrides only what it checks.
 */
import { randomUUID } from "node:crypto";
import type { TestServer } from "./api-server.ts";

export interface SalesLeadFields {
  fullName: string;
  email: string;
  countryCode?: string;
  phoneNumber?: string;
  country?: string;
  city?: string;
}

/** Posts a sales lead to the server's `submit-form` with the anonymous key; the response. */
export function postSalesLead(srv: TestServer, lead: SalesLeadFields): Promise<Response> {
  const { countryCode = "+971", phoneNumber = "501239876", country = "UAE", city = "Dubai", ...person } = lead;
  return fetch(`${srv.url}/functions/v1/submit-form`, {
    method: "POST",
    headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      formType: "sales_lead",
      payload: {
        ...person,
        countryCode,
        phoneNumber,
        phone: `${countryCode}${phoneNumber}`,
        country,
        city,
        company: "Homes",
        preferredCallTime: "9-5",
        isEnterpriseInterested: false,
        consent: { version: "2026-11-23", marketing: false },
      },
      path: "/contact",
      locale: "en",
      timeZone: "Asia/Dubai",
      submissionId: randomUUID(),
    }),
  });
}
