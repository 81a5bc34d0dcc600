import { describe, expect, it } from "vitest";
import {
  type CachedPage,
  PageCache,
  cacheKeyFor,
  compressPage,
  dayStamp,
  etagOf,
  matchesEtag,
  negotiate,
  pastExpiry,
  secondsToBusinessMidnight,
  secondsToExpiry,
} from "./page-cache";

const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers });

describe("cacheKeyFor", () => {
  it("drops tracking parameters and, outside the blog list, every parameter", () => {
    expect(cacheKeyFor(req("/?utm_source=wa&utm_medium=x&fbclid=1"))?.key).toBe("/");
    expect(cacheKeyFor(req("/en/contact?plan=pro"))?.key).toBe("/en/contact");
    expect(cacheKeyFor(req("/en/blog?utm_campaign=x&q=ai&filter=popular"))?.key).toBe("/en/blog?filter=popular&q=ai");
    expect(cacheKeyFor(req("/blog?page=2&gclid=z"))?.key).toBe("/blog?page=2");
    expect(cacheKeyFor(req("/en/blog.data?_routes=en%3Ablog&utm_source=x"))?.key).toBe("/en/blog.data?_routes=en%3Ablog");
  });

  it("refuses the admin area, credentials, other methods, files and malformed paths", () => {
    for (const url of [
      "/admin",
      "/admin/posts",
      "/en/admin/leads",
      "/preview/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
      "/en/preview/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.data",
      "/admin.data",
      "/robots.txt",
      "/sitemap.xml",
      "/rss.xml",
      "/%E0%A4%A",
    ]) {
      expect(cacheKeyFor(req(url)), url).toBeNull();
    }
    expect(cacheKeyFor(req("/", { authorization: "Bearer x" }))).toBeNull();
    expect(cacheKeyFor(req("/", { apikey: "x" }))).toBeNull();
    expect(cacheKeyFor(req("/", { cookie: "theme=dark; sb-project-auth-token=abc" }))).toBeNull();
    expect(cacheKeyFor(req("/", { cookie: "theme=dark" }))?.key).toBe("/");
    expect(cacheKeyFor(req("/", {}, "POST"))).toBeNull();
    expect(cacheKeyFor(req("/", {}, "HEAD"))?.key).toBe("/");
  });
});

describe("negotiate and ETags", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(negotiate("gzip, deflate, br")).toBe("br");
    expect(negotiate("gzip")).toBe("gzip");
    expect(negotiate("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiate("*;q=0")).toBe("identity");
    expect(negotiate(undefined)).toBe("identity");
  });

  it("derives one strong tag per encoding and matches any of them", async () => {
    const page = await compressPage({
      status: 200,
      headers: [],
      identity: Buffer.from("<p>hello</p>"),
      version: "1",
      day: "d",
      storedAt: 0,
      expiresAt: null,
    });
    const tags = (["identity", "br", "gzip"] as const).map((e) => etagOf(page, e));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) {
      expect(tag).toMatch(/^"[\w-]+"$/);
      expect(matchesEtag(page, `"other", ${tag}`)).toBe(true);
      expect(matchesEtag(page, `W/${tag}`)).toBe(true);
    }
    expect(matchesEtag(page, '"nope"')).toBe(false);
    expect(matchesEtag(page, undefined)).toBe(false);
  });
});

describe("business day", () => {
  it("changes at midnight in Dubai and counts the seconds to it", () => {
    const before = Date.UTC(2026, 2, 10, 19, 59, 50); // 23:59:50 in Dubai
    expect(secondsToBusinessMidnight(before)).toBe(10);
    expect(dayStamp(before).startsWith("2026-03-10/")).toBe(true);
    expect(dayStamp(before + 15_000).startsWith("2026-03-11/")).toBe(true);
  });
});

describe("PageCache", () => {
  const page = (bytes: number, version = "1", day = "d"): CachedPage => ({
    status: 200,
    headers: [],
    identity: Buffer.alloc(bytes),
    br: Buffer.alloc(0),
    gzip: Buffer.alloc(0),
    hash: "h",
    version,
    day,
    storedAt: 0,
    expiresAt: null,
  });

  it("forgets entries of another content version or day", () => {
    const cache = new PageCache(1 << 20, 10);
    cache.set("/", page(10));
    expect(cache.get("/", "1", "d")).toBeDefined();
    expect(cache.get("/", "2", "d")).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set("/", page(10));
    expect(cache.get("/", "1", "e")).toBeUndefined();
  });

  it("stays within its byte and entry bounds, evicting the least recently used", () => {
    const cache = new PageCache(10_000, 3);
    cache.set("a", page(1000));
    cache.set("b", page(1000));
    cache.set("c", page(1000));
    cache.get("a", "1", "d");
    cache.set("d", page(1000));
    expect(cache.get("b", "1", "d")).toBeUndefined();
    expect(cache.get("a", "1", "d")).toBeDefined();
    expect(cache.size).toBe(3);
    for (let i = 0; i < 50; i++) cache.set(`x${i}`, page(2000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    cache.set("huge", page(5000));
    expect(cache.get("huge", "1", "d")).toBeUndefined();
  });
});

describe("scheduled posts", () => {
  const at = (expiresAt: number | null) => ({ expiresAt });

  it("a page is over from the next publish time on, not a millisecond before", () => {
    expect(pastExpiry(at(null), 10_000)).toBe(false);
    expect(pastExpiry(at(10_000), 9_999)).toBe(false);
    expect(pastExpiry(at(10_000), 10_000)).toBe(true);
    expect(pastExpiry(at(10_000), 10_001)).toBe(true);
  });

  it("a CDN may keep a page only the whole seconds left before it", () => {
    expect(secondsToExpiry(at(null), 0)).toBe(Number.POSITIVE_INFINITY);
    expect(secondsToExpiry(at(10_000), 8_001)).toBe(1);
    expect(secondsToExpiry(at(10_000), 9_001)).toBe(0);
    expect(secondsToExpiry(at(10_000), 20_000)).toBe(0);
  });
});
