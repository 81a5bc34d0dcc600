import { describe, expect, it } from "vitest";
import { nationalDigits } from "./schemas";

describe("nationalDigits (phone fields with a separate country code, autocomplete=tel)", () => {
  it("keeps typed digits", () => {
    expect(nationalDigits("050 123-4567", "+971")).toBe("0501234567");
  });
  it("takes the chosen dial code off an autofilled international number", () => {
    expect(nationalDigits("+971 50 123 4567", "+971")).toBe("501234567");
    expect(nationalDigits("00971501234567", "+971")).toBe("501234567");
    expect(nationalDigits("+1 (613) 555-0142", "+1")).toBe("6135550142");
  });
  it("keeps every digit when the autofilled code is another country's", () => {
    expect(nationalDigits("+44 20 7946 0958", "+971")).toBe("442079460958");
  });
});
