import { describe, expect, it } from "vitest";
import { mailConfigFromEnv, newsletterWindow } from "./config.ts";

describe("newsletter throttle window", () => {
  it("never allows more than the rate, with windows short enough to keep sending smooth", () => {
    expect(newsletterWindow(12_000)).toEqual({ windowSeconds: 1, budget: 200 });
    expect(newsletterWindow(600)).toEqual({ windowSeconds: 1, budget: 10 });
    expect(newsletterWindow(60)).toEqual({ windowSeconds: 5, budget: 5 });
    expect(newsletterWindow(12)).toEqual({ windowSeconds: 30, budget: 6 });
    expect(newsletterWindow(1)).toEqual({ windowSeconds: 60, budget: 1 });
    for (const rate of [1, 7, 13, 59, 61, 90, 599, 601, 1234, 30_000]) {
      const { windowSeconds, budget } = newsletterWindow(rate);
      expect((budget * 60) / windowSeconds, String(rate)).toBeLessThanOrEqual(Math.max(rate, 1));
      expect((budget * 60) / windowSeconds, String(rate)).toBeGreaterThan(rate * 0.8);
    }
  });

  it("reads NEWSLETTER_RATE_PER_MINUTE and refuses a rate that is not a positive number", () => {
    expect(mailConfigFromEnv({}).newsletterRatePerMinute).toBe(600);
    expect(mailConfigFromEnv({ NEWSLETTER_RATE_PER_MINUTE: "3000" }).newsletterRatePerMinute).toBe(3000);
    expect(() => mailConfigFromEnv({ NEWSLETTER_RATE_PER_MINUTE: "0" })).toThrow(/NEWSLETTER_RATE_PER_MINUTE/);
    expect(() => mailConfigFromEnv({ NEWSLETTER_UNSUBSCRIBE_MAILTO: "not an address" })).toThrow(/NEWSLETTER_UNSUBSCRIBE_MAILTO/);
  });
});
