import { describe, expect, it } from "vitest";
import { toSessionError } from "./auth-errors";

describe("toSessionError", () => {
  it("a session ended on another device is 'expired', whatever the caller's fallback", () => {
    for (const code of ["session_not_found", "refresh_token_not_found", "refresh_token_already_used", "bad_jwt"]) {
      const e = toSessionError({ name: "AuthApiError", status: 403, code, message: "Session from session_id claim in JWT does not exist" });
      expect(e.kind, code).toBe("expired");
    }
  });

  it("keeps the other kinds", () => {
    expect(toSessionError({ status: 400, code: "invalid_credentials" }).kind).toBe("credentials");
    expect(toSessionError({ status: 429 }).kind).toBe("rateLimited");
    expect(toSessionError({ name: "AuthRetryableFetchError", status: 0 }).kind).toBe("network");
    expect(toSessionError({ status: 400, code: "something_else" }, "unknown").kind).toBe("unknown");
  });
});
