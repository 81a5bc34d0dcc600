import { describe, expect, it } from "vitest";
import { backoffMs, mailConfigFromEnv } from "./config";
import { signToken, verifyToken } from "./tokens";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";

describe("newsletter tokens", () => {
  it("verifies its own token for its purpose only, and refuses a tampered or expired one", () => {
    const t = signToken(SECRET, "Sara@Example.com", "confirm", Date.UTC(2026, 10, 23));
    expect(verifyToken(SECRET, t, "confirm", Date.UTC(2026, 10, 24))).toEqual({ ok: true, email: "sara@example.com" });
    expect(verifyToken(SECRET, t, "unsubscribe", Date.UTC(2026, 10, 24))).toEqual({ ok: false, reason: "invalid" });
    expect(verifyToken(`${SECRET}x`, t, "confirm", Date.UTC(2026, 10, 24))).toEqual({ ok: false, reason: "invalid" });
    expect(verifyToken(SECRET, `${t.slice(0, -2)}AA`, "confirm")).toEqual({ ok: false, reason: "invalid" });
    expect(verifyToken(SECRET, t, "confirm", Date.UTC(2026, 11, 1, 0, 0, 1))).toEqual({ ok: false, reason: "expired" });
    expect(verifyToken(SECRET, 42, "confirm")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("mail config", () => {
  it("reads the settings and refuses bad ones", () => {
    const c = mailConfigFromEnv({ SMTP_URL: "smtp://u:p@mail.example.com:587", SALES_NOTIFY_EMAIL: "a@x.ae, b@y.ca" });
    expect(c.salesTo).toEqual(["a@x.ae", "b@y.ca"]);
    expect(c.businessTimeZone).toBe("Asia/Dubai");
    expect(() => mailConfigFromEnv({ SMTP_URL: "http://x" })).toThrow(/SMTP_URL/);
    expect(() => mailConfigFromEnv({ SALES_NOTIFY_EMAIL: "not-an-address" })).toThrow(/SALES_NOTIFY_EMAIL/);
    expect(() => mailConfigFromEnv({ BUSINESS_TIME_ZONE: "Mars/Olympus" })).toThrow(/BUSINESS_TIME_ZONE/);
  });

  it("backs off exponentially with jitter, capped at an hour", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 30_000, mid))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20, 30_000, mid)).toBe(3_600_000);
    expect(backoffMs(1, 30_000, () => 0)).toBe(24_000);
  });
});
