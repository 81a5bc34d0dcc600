// @vitest-environment node
import { describe, expect, it } from "vitest";
import { RateLimiter, parseRateLimit } from "./rate-limit.ts";

describe("parseRateLimit", () => {
  const fallback = { limit: 5, windowSeconds: 900 };
  it("reads N/SECONDS, N alone (per minute), and off", () => {
    expect(parseRateLimit(undefined, fallback)).toBe(fallback);
    expect(parseRateLimit(" ", fallback)).toBe(fallback);
    expect(parseRateLimit("10/60", fallback)).toEqual({ limit: 10, windowSeconds: 60 });
    expect(parseRateLimit("3 / 1", fallback)).toEqual({ limit: 3, windowSeconds: 1 });
    expect(parseRateLimit("7", fallback)).toEqual({ limit: 7, windowSeconds: 60 });
    for (const off of ["0", "off", "None"]) expect(parseRateLimit(off, fallback)).toBeNull();
  });
  it("refuses anything else", () => {
    for (const bad of ["-1", "1/0", "0/10", "ten", "1/2/3", "1e3"]) expect(() => parseRateLimit(bad, fallback), bad).toThrow(/rate limit/);
  });
});

describe("RateLimiter", () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => void (now += ms) };
  };

  it("hit: counts every call and refuses past the limit until the window ends", () => {
    const c = clock();
    const l = new RateLimiter({ limit: 2, windowSeconds: 10 }, c.now);
    expect(l.hit("a")).toEqual({ ok: true });
    expect(l.hit("a")).toEqual({ ok: true });
    expect(l.hit("a")).toEqual({ ok: false, retryAfter: 10 });
    expect(l.hit("b")).toEqual({ ok: true });
    c.advance(9_500);
    expect(l.hit("a")).toEqual({ ok: false, retryAfter: 1 });
    c.advance(500);
    expect(l.hit("a")).toEqual({ ok: true });
  });

  it("blocked: says whether a key is at its limit without counting", () => {
    const c = clock();
    const l = new RateLimiter({ limit: 1, windowSeconds: 60 }, c.now);
    expect(l.blocked("a")).toEqual({ ok: true });
    l.hit("a");
    expect(l.blocked("a")).toEqual({ ok: false, retryAfter: 60 });
    expect(l.blocked("a")).toEqual({ ok: false, retryAfter: 60 });
    l.reset("a");
    expect(l.blocked("a")).toEqual({ ok: true });
  });

  it("take: parallel reservations cannot all pass a check made before any was counted", () => {
    const l = new RateLimiter({ limit: 3, windowSeconds: 60 }, () => 0);
    const slots = Array.from({ length: 10 }, () => l.take("k"));
    expect(slots.filter((s) => s.ok)).toHaveLength(3);
  });

  it("keeps at most maxKeys keys: expired entries go first, then everything", () => {
    const c = clock();
    const l = new RateLimiter({ limit: 1, windowSeconds: 1 }, c.now, 3);
    for (const k of ["a", "b", "c"]) l.hit(k);
    c.advance(1000);
    l.hit("d"); // prunes the three expired keys
    expect(l.hit("a")).toEqual({ ok: true });
    for (const k of ["e", "f"]) l.hit(k);
    l.hit("g"); // full of live keys: cleared rather than grown
    expect(l.hit("d")).toEqual({ ok: true });
  });
});
