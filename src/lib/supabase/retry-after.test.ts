import { afterEach, describe, expect, it, vi } from "vitest";
import { retryAfterSeconds, retryAwareFetch } from "./client";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("retryAwareFetch", () => {
  it("remembers the Retry-After of a 429 and counts it down", async () => {
    // A simulated clock: the answer arrives at a known instant, whatever the machine is doing.
    vi.useFakeTimers({ now: new Date("2026-11-23T08:00:00Z"), toFake: ["Date"] });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 429, headers: { "Retry-After": "840" } })),
    );
    const at = Date.now();
    const res = await retryAwareFetch("http://x/auth/v1/token");
    expect(res.status).toBe(429);
    expect(retryAfterSeconds(at)).toBe(840);
    expect(retryAfterSeconds(at + 60_000)).toBe(780);
    expect(retryAfterSeconds(at + 60_500)).toBe(780);
    expect(retryAfterSeconds(at + 900_000)).toBeNull();
  });
});
