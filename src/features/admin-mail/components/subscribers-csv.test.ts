import { describe, expect, it } from "vitest";
import type { NewsletterSubscriber } from "@/lib/database.types";
import { confirmedSubscribersCsv } from "./subscribers-csv";

const row = (email: string, status: NewsletterSubscriber["status"]): NewsletterSubscriber => ({
  id: email,
  email,
  status,
  locale: "ar",
  consent_version: "2026-11-23",
  consent_page: "/",
  consented_at: "2026-11-23T05:00:00.000Z",
  confirmed_at: status === "confirmed" ? "2026-11-23T05:10:00.000Z" : null,
  unsubscribed_at: null,
  created_at: "2026-11-23T05:00:00.000Z",
  updated_at: "2026-11-23T05:00:00.000Z",
  attribution: null,
});

describe("confirmedSubscribersCsv", () => {
  it("exports only confirmed addresses, and neutralises spreadsheet formulas", () => {
    const csv = confirmedSubscribersCsv(
      [
        row("a@example.com", "confirmed"),
        row("b@example.com", "pending"),
        row("c@example.com", "unsubscribed"),
        row("=HYPERLINK(1)@x.com", "confirmed"),
      ],
      ["Email", "Language", "Confirmed", "Consented", "Consent version", "Page"],
    );
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("a@example.com");
    expect(csv).not.toContain("b@example.com");
    expect(csv).not.toContain("c@example.com");
    expect(lines[2]!.startsWith("'=HYPERLINK")).toBe(true);
  });
});
