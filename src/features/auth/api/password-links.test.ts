import { describe, expect, it } from "vitest";
import { toPasswordLinkError } from "./password-links";

describe("toPasswordLinkError", () => {
  it("maps the server's answers to what the pages say", () => {
    expect(toPasswordLinkError({ status: 403, code: "otp_expired" }).kind).toBe("linkInvalid");
    expect(toPasswordLinkError({ status: 422, code: "weak_password" }).kind).toBe("weakPassword");
    expect(toPasswordLinkError({ status: 422, code: "same_password" }).kind).toBe("samePassword");
    expect(toPasswordLinkError({ status: 429, code: "over_email_send_rate_limit" }).kind).toBe("rateLimited");
    expect(toPasswordLinkError({ name: "AuthRetryableFetchError", status: 0 }).kind).toBe("network");
    expect(toPasswordLinkError({ status: 503 }).kind).toBe("network");
    expect(toPasswordLinkError({ status: 400, code: "validation_failed" }).kind).toBe("unknown");
  });
});
