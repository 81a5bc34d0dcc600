import { describe, expect, it } from "vitest";
import { cleanupScheduleFromEnv, referencedNames } from "./image-cleanup.ts";

describe("referencedNames", () => {
  it("finds public, render and site-relative URLs, percent-encoded and HTML-escaped names", () => {
    const names = referencedNames([
      "https://abc.supabase.co/storage/v1/object/public/blog-images/1-hero.jpg",
      '<p><img src="/storage/v1/render/image/public/blog-images/2-inline.png?width=640&amp;quality=70" alt=""></p>',
      '<img src="/storage/v1/object/public/blog-images/folder/%D8%B5%D9%88%D8%B1%D8%A9.png">',
      "<img src='/storage/v1/object/public/blog-images/a&amp;b.png'>",
      "",
    ]);
    for (const n of ["1-hero.jpg", "2-inline.png", "folder/صورة.png", "folder/%D8%B5%D9%88%D8%B1%D8%A9.png", "a&b.png"])
      expect(names.has(n), n).toBe(true);
  });
  it("ignores other buckets and text that merely mentions a name", () => {
    const names = referencedNames([
      "/storage/v1/object/public/other/1-hero.jpg",
      "1-hero.jpg blog-images 1-hero.jpg",
      "malformed %E0%A4%A.png /blog-images/%E0%A4%A.png",
    ]);
    expect(names.has("1-hero.jpg")).toBe(false);
    expect(names.has("%E0%A4%A.png")).toBe(true); // kept raw when it does not decode
  });
});

describe("cleanupScheduleFromEnv", () => {
  it("defaults to hourly runs and a 24-hour grace period, and refuses nonsense", () => {
    expect(cleanupScheduleFromEnv({})).toEqual({ intervalMs: 3_600_000, graceMs: 86_400_000 });
    expect(cleanupScheduleFromEnv({ IMAGE_CLEANUP_INTERVAL_MINUTES: "0", IMAGE_CLEANUP_GRACE_HOURS: "0.5" })).toEqual({
      intervalMs: 0,
      graceMs: 1_800_000,
    });
    expect(() => cleanupScheduleFromEnv({ IMAGE_CLEANUP_GRACE_HOURS: "-1" })).toThrow(/IMAGE_CLEANUP_GRACE_HOURS/);
    expect(() => cleanupScheduleFromEnv({ IMAGE_CLEANUP_INTERVAL_MINUTES: "soon" })).toThrow(/IMAGE_CLEANUP_INTERVAL_MINUTES/);
  });
});
