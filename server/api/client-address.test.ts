// @vitest-environment node
import express, { type Request } from "express";
import { describe, expect, it } from "vitest";
import { clientAddress, trustProxySetting } from "./client-address.ts";
import { RateLimiter } from "./rate-limit.ts";

function fakeRequest(trust: string | undefined, socket: string, xff?: string): Request {
  const app = express();
  app.set("trust proxy", trustProxySetting(trust));
  return { app, socket: { remoteAddress: socket }, headers: xff === undefined ? {} : { "x-forwarded-for": xff } } as unknown as Request;
}

describe("TRUST_PROXY", () => {
  it("defaults to trusting nothing and refuses `true` or garbage", () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting("")).toBe(false);
    expect(trustProxySetting("none")).toBe(false);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("loopback, 10.0.0.0/8")).toBe("loopback,10.0.0.0/8");
    expect(() => trustProxySetting("true")).toThrow(/TRUST_PROXY=true/);
    expect(() => trustProxySetting("0.0.0.0/99")).toThrow(/TRUST_PROXY/);
    expect(() => trustProxySetting("11")).toThrow(/between 1 and 10/);
  });
});

describe("clientAddress", () => {
  it("without TRUST_PROXY: the socket, whatever the header says", () => {
    expect(clientAddress(fakeRequest(undefined, "::ffff:203.0.113.9", "1.1.1.1"))).toBe("203.0.113.9");
  });

  it("behind trusted proxies: the first untrusted hop from the right", () => {
    expect(clientAddress(fakeRequest("loopback", "127.0.0.1", "198.51.100.1, 203.0.113.5"))).toBe("203.0.113.5");
    expect(clientAddress(fakeRequest("loopback,203.0.113.0/24", "127.0.0.1", "198.51.100.1, 203.0.113.5"))).toBe("198.51.100.1");
    expect(clientAddress(fakeRequest("1", "10.0.0.2", "198.51.100.1, 203.0.113.5"))).toBe("203.0.113.5");
    expect(clientAddress(fakeRequest("2", "10.0.0.2", "198.51.100.1, 203.0.113.5"))).toBe("198.51.100.1");
  });

  it("an untrusted peer's header is ignored", () => {
    expect(clientAddress(fakeRequest("loopback", "203.0.113.77", "1.1.1.1"))).toBe("203.0.113.77");
  });

  it("a non-IP entry stops the walk at the last trusted hop (never junk, never a fresh key)", () => {
    for (const junk of ["abc", "1.2.3", "::::", "<x>", "999.1.1.1", "1.2.3.4:80", ""]) {
      expect(clientAddress(fakeRequest("loopback", "127.0.0.1", junk)), junk).toBe("127.0.0.1");
    }
  });

  it("a socket without an address is 'unknown'", () => {
    expect(clientAddress(fakeRequest(undefined, undefined as unknown as string))).toBe("unknown");
  });
});

describe("RateLimiter.take", () => {
  it("reserves before the work: the (limit+1)th caller is refused even while none has finished", () => {
    const l = new RateLimiter({ limit: 3, windowSeconds: 60 }, () => 1000);
    const taken = [l.take("k"), l.take("k"), l.take("k")];
    expect(taken.every((t) => t.ok)).toBe(true);
    expect(l.take("k")).toEqual({ ok: false, retryAfter: 60 });
    // A success gives its slot back (once).
    const first = taken[0]!;
    if (first.ok) {
      first.release();
      first.release();
    }
    expect(l.take("k").ok).toBe(true);
    expect(l.take("k").ok).toBe(false);
  });

  it("a new window starts afresh", () => {
    let now = 0;
    const l = new RateLimiter({ limit: 1, windowSeconds: 10 }, () => now);
    expect(l.take("k").ok).toBe(true);
    expect(l.take("k").ok).toBe(false);
    now = 10_001;
    expect(l.take("k").ok).toBe(true);
  });
});
