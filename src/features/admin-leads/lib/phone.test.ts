import { describe, expect, it } from "vitest";
import { displayPhone, e164Phone, phoneSearchSuffixes, reversedDigits } from "./phone";

describe("displayPhone", () => {
  it("groups a number the international way and leaves what it cannot read as stored", () => {
    expect(displayPhone("+971501234567")).toBe("+971 50 123 4567");
    expect(displayPhone("+14165550100")).toBe("+1 416 555 0100");
    // stored with the trunk 0 the visitor typed after the dial code
    expect(displayPhone("+9710501234567")).toBe("+971 50 123 4567");
    expect(displayPhone("0501234567")).toBe("0501234567");
    expect(displayPhone(null)).toBe("");
  });

  it("writes the E.164 form for the CSV", () => {
    expect(e164Phone("+971 50 123 4567")).toBe("+971501234567");
    expect(e164Phone("+9710501234567")).toBe("+971501234567");
    expect(e164Phone("abc")).toBe("abc");
  });
});

describe("phoneSearchSuffixes", () => {
  it("reads every form of one number as the digits it ends with", () => {
    for (const q of ["0501234567", "501234567", "050 123 4567"]) expect(phoneSearchSuffixes(q)).toEqual(["501234567"]);
    for (const q of ["+971 50 123 4567", "00971501234567", "971501234567", "+971-50-123-4567", "(+971) 501234567"]) {
      // also the form older sales leads were stored in, the trunk 0 kept after the dial code
      expect(phoneSearchSuffixes(q)).toEqual(["971501234567", "9710501234567"]);
    }
  });

  it("is null for text and for fewer than 7 digits (the search reads those as text)", () => {
    expect(phoneSearchSuffixes("omar")).toBeNull();
    expect(phoneSearchSuffixes("omar 0501234567")).toBeNull();
    expect(phoneSearchSuffixes("123456")).toBeNull();
    expect(phoneSearchSuffixes("0123456")).toBeNull();
    expect(phoneSearchSuffixes("")).toBeNull();
  });

  it("reverses digits for the indexed column", () => {
    expect(reversedDigits("971501234567")).toBe("765432105179");
  });
});
