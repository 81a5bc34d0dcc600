import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { validateSubmission } from "./schemas";

const lead = (fields: Record<string, unknown>) => ({
  formType: "sales_lead",
  path: "/contact",
  locale: "en",
  submissionId: randomUUID(),
  payload: {
    fullName: "Omar Khalid",
    email: "omar@example.com",
    countryCode: "+971",
    phoneNumber: "501112233",
    phone: "+971501112233",
    country: "UAE",
    city: "Dubai",
    company: "",
    preferredCallTime: "9-5",
    isEnterpriseInterested: false,
    ...fields,
  },
});

describe("people's text as stored", () => {
  it("drops bidirectional overrides and isolates from names and companies (a reversed name cannot fool staff)", () => {
    const r = validateSubmission(lead({ fullName: "\u202Egnp.exe", company: "\u2066Dunes\u2069 Realty\u202C" }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload.fullName).toBe("gnp.exe");
    expect(r.payload.company).toBe("Dunes Realty");
  });

  it("keeps Arabic names, and the direction marks some keyboards type, as written", () => {
    const r = validateSubmission(lead({ fullName: "ليلى حداد\u200F", company: "عقارات الكثبان" }));
    expect(r.ok && r.payload.fullName).toBe("ليلى حداد\u200F");
  });

  it("a name made only of controls is no name: the form says it is required", () => {
    const r = validateSubmission(lead({ fullName: "\u202E\u202E" }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fields).toHaveProperty(["payload.fullName"]);
  });
});
