import { describe, expect, it } from "vitest";
import { sampleLead } from "../lib/sample-lead.test-support";
import { dubaiTimestamp, leadsToCsv } from "./leads-csv";

const labels = {
  headers: ["Status", "Arrived (Dubai time)", "…"],
  status: (s: string) => s,
  type: (t: string) => t,
  owner: () => "",
  country: (lead: { country_code: string | null }) => lead.country_code ?? "",
  channel: (c: string | null) => c ?? "unknown",
  yes: "Yes",
  no: "No",
};

describe("leads CSV times", () => {
  it("writes a time on the Dubai clock with its offset", () => {
    expect(dubaiTimestamp("2026-11-24T06:15:00Z")).toBe("2026-11-24 10:15 +04:00");
    // Late evening in UTC is already the next day in Dubai.
    expect(dubaiTimestamp("2026-12-31T21:30:00.000Z")).toBe("2027-01-01 01:30 +04:00");
    expect(dubaiTimestamp("2026-03-01T00:00:00+00:00")).toBe("2026-03-01 04:00 +04:00");
  });

  it("keeps a value it cannot read as stored", () => {
    expect(dubaiTimestamp("not a date")).toBe("not a date");
  });

  it("puts arrival and last activity in Dubai time, not UTC", () => {
    const csv = leadsToCsv([sampleLead({ created_at: "2026-03-01T10:00:00Z", last_activity_at: "2026-03-02T20:05:00Z" })], labels);
    const row = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")[1]!;
    expect(row).toContain(",2026-03-01 14:00 +04:00,2026-03-03 00:05 +04:00,en,");
    expect(row).not.toContain("Z");
  });
});

describe("leads CSV phones and countries", () => {
  it("writes the phone as international text a spreadsheet keeps (+ and all), and the country's name", () => {
    const csv = leadsToCsv(
      [
        sampleLead({ phone: "+971 50 123 4567", country_code: "CA", country: "Others" }),
        sampleLead({ id: "lead-2", phone: "+9710501234567", country_code: null, country: "Others" }),
        sampleLead({ id: "lead-3", phone: null }),
      ],
      { ...labels, country: (lead) => (lead.country_code === "CA" ? "كندا" : (lead.country ?? "")) },
    );
    const rows = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1);
    expect(rows[0]).toContain(',Rula,rula@x.ae,"=""+971501234567""",,كندا,');
    // stored with the trunk 0 after the dial code: written as the number it is
    expect(rows[1]).toContain(',Rula,rula@x.ae,"=""+971501234567""",,Others,');
    expect(rows[2]).toContain(",Rula,rula@x.ae,,,");
  });
});

describe("leads CSV sources", () => {
  it("writes the first and latest visit: channel, source, medium, campaign, referring site, landing page", () => {
    const first = {
      channel: "whatsapp" as const,
      source: "whatsapp",
      campaign: "dubai-q1",
      landingPage: "/en/blog/speed",
      locale: "en" as const,
      at: "2026-03-01T09:00:00Z",
    };
    const latest = { ...first, channel: "organic_search" as const, source: undefined, campaign: undefined, referrer: "www.google.com" };
    const csv = leadsToCsv([sampleLead({ first_touch: first, latest_touch: latest }), sampleLead({ id: "lead-2" })], labels);
    const [withSource, without] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1);
    expect(withSource).toMatch(/,en,whatsapp,whatsapp,,dubai-q1,,\/en\/blog\/speed,organic_search,,,$/);
    expect(without).toMatch(/,en,unknown,,,,,,,,,$/);
  });
});
