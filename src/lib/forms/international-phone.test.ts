import { describe, expect, it } from "vitest";
import { demoBooking, internationalPhone } from "./schemas";

describe("internationalPhone (leads stored before issue 29)", () => {
  it("drops the trunk 0 a visitor types after choosing the dial code", () => {
    expect(internationalPhone("+971", "050 123 4567")).toBe("+971501234567");
    expect(internationalPhone("+971", "50 123 4567")).toBe("+971501234567");
    expect(internationalPhone("+44", "07946 095800")).toBe("+447946095800");
    expect(internationalPhone("+1", "613 555 0142")).toBe("+16135550142");
  });
  it("keeps the 0 where it belongs to the number (Italy)", () => {
    expect(internationalPhone("+39", "06 1234 5678")).toBe("+390612345678");
  });
  it("keeps the digits as typed without a dial code", () => {
    expect(internationalPhone("", "050-111 2233")).toBe("0501112233");
  });
});

describe("payloads", () => {
  it("the article's booking form adds the dial code of the chosen country", () => {
    const payload = (country: "uae" | "canada" | "other", phone: string) =>
      demoBooking.toPayload({ fullName: "A B", email: "a@b.co", phone, company: "C", country, demoDate: "2026-11-26", demoTime: "10:00" })
        .phone;
    expect(payload("uae", "0501112233")).toBe("+971501112233");
    expect(payload("canada", "4165550199")).toBe("+14165550199");
    // "Other": the number carries its own code; without it, the digits go as typed and the server refuses them.
    expect(payload("other", "+971 50 111 2233")).toBe("+971501112233");
    expect(payload("other", "0501112233")).toBe("0501112233");
  });
});
