import { describe, expect, it } from "vitest";
import { OUTBOX_REASONS, outboxReasonOf } from "./outbox-reasons";

describe("outboxReasonOf", () => {
  it("knows the reasons the mail worker writes", () => {
    expect(outboxReasonOf("Waiting: mail is not configured (SMTP_URL)")).toBe("mailNotConfigured");
    for (const [key, text] of Object.entries(OUTBOX_REASONS)) expect(outboxReasonOf(text)).toBe(key);
  });
  it("leaves any other text (an SMTP or HTTP answer) alone", () => {
    expect(outboxReasonOf("451 4.3.0 Mailbox temporarily unavailable")).toBeNull();
    expect(outboxReasonOf("")).toBeNull();
  });
});
