import { afterEach, describe, expect, it, vi } from "vitest";
import { retryAfterSeconds, retryAwareFetch } from "./client";

afterEach(() => vi.unstubAllGlobals());

describe("retryAwareFetch", () => {
  it("remembers the Retry-After of a 429 and counts it down", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 429, headers: { "Retry-After": "840" } })));
    const before = Date.now();
    const res = await retryAwareFetch("http://x/auth/v1/token");
    expect(res.status).toBe(429);
    expect(retryAfterSeconds(before)).toBe(840);
    expect(retryAfterSeconds(before + 60_000)).toBe(780);
    expect(retryAfterSeconds(before + 900_000)).toBeNull();
  });
});
