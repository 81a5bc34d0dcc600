import { describe, expect, it } from "vitest";
import type { MessageDescriptor } from "@lingui/core";
import * as v from "valibot";
import { getI18n } from "@/lib/i18n/catalogs";
import {
  type PostFormFields,
  emptyPostFields,
  instantOfWallTime,
  optionsMatching,
  postFormSchema,
  postStatus,
  toFormFields,
  toPostValues,
  wallTimeIn,
} from "./post";
import { samplePost } from "./sample-post.test-support";

const en = getI18n("en");
const messages = (d: MessageDescriptor) => en._(d);
/** A fixed clock: 23 November 2026, 09:00 UTC (13:00 in Dubai). */
const NOW = Date.parse("2026-11-23T09:00:00Z");
const schema = postFormSchema(messages, { timeZone: "Asia/Dubai", now: () => NOW });

const valid: PostFormFields = {
  ...emptyPostFields("ar"),
  title: "أسواق دبي في 2026",
  excerpt: "ما يراقبه المشترون",
  content: "<p>نص</p>",
  category: "Market Analysis",
  country: "UAE",
  read_time: "6 دقائق",
};

const issuesOf = (fields: PostFormFields) => {
  const r = v.safeParse(schema, fields);
  return r.success ? {} : (v.flatten<typeof schema>(r.issues).nested ?? {});
};

const stored = samplePost({
  slug: "dubai",
  title: "Dubai",
  published: true,
  published_at: "2026-12-01T05:30:00Z",
  hero_image_url: "/x.png",
  hero_image_alt: "A skyline",
  meta_description: "Search text",
  language: "en",
  translation_group: "g1",
});

describe("schedule times in the business time zone", () => {
  it("turns a Dubai wall time into the instant and back", () => {
    expect(instantOfWallTime("2026-12-01T09:30", "Asia/Dubai")).toBe("2026-12-01T05:30:00.000Z");
    expect(wallTimeIn("2026-12-01T05:30:00Z", "Asia/Dubai")).toBe("2026-12-01T09:30");
    expect(wallTimeIn(NOW, "Asia/Dubai")).toBe("2026-11-23T13:00");
  });

  it("follows a zone with daylight saving on each side of the change", () => {
    expect(instantOfWallTime("2026-07-01T09:00", "America/Toronto")).toBe("2026-07-01T13:00:00.000Z");
    expect(instantOfWallTime("2026-12-01T09:00", "America/Toronto")).toBe("2026-12-01T14:00:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    expect(instantOfWallTime("", "Asia/Dubai")).toBeNull();
    expect(instantOfWallTime("2026-02-31T10:00", "Asia/Dubai")).toBeNull();
    expect(instantOfWallTime("2026-12-01 09:30", "Asia/Dubai")).toBeNull();
  });
});

describe("post status", () => {
  it("is draft, scheduled until its time, then published", () => {
    expect(postStatus({ published: false, published_at: null }, NOW)).toBe("draft");
    expect(postStatus({ published: true, published_at: "2026-11-23T09:00:01Z" }, NOW)).toBe("scheduled");
    expect(postStatus({ published: true, published_at: "2026-11-23T09:00:00Z" }, NOW)).toBe("published");
  });
});

describe("post form rules", () => {
  it("accepts a complete draft and normalises nothing it should not", () => {
    expect(issuesOf(valid)).toEqual({});
  });

  it("requires the image description when there is an image", () => {
    expect(issuesOf({ ...valid, hero_image_url: "/a.png" }).hero_image_alt).toEqual(["Describe the image for people who cannot see it"]);
    expect(issuesOf({ ...valid, hero_image_url: "/a.png", hero_image_alt: "   " }).hero_image_alt).toBeDefined();
    expect(issuesOf({ ...valid, hero_image_url: "/a.png", hero_image_alt: "Dubai Marina at dusk" })).toEqual({});
  });

  it("requires a schedule time, later than now on the fixed clock", () => {
    expect(issuesOf({ ...valid, publish_mode: "schedule" }).schedule_at).toEqual(["Choose the date and time to publish"]);
    // 13:00 in Dubai is now: not in the future.
    expect(issuesOf({ ...valid, publish_mode: "schedule", schedule_at: "2026-11-23T13:00" }).schedule_at).toEqual([
      "Choose a time in the future",
    ]);
    expect(issuesOf({ ...valid, publish_mode: "schedule", schedule_at: "2026-11-23T13:01" })).toEqual({});
  });

  it("limits the optional search fields and the slug", () => {
    expect(issuesOf({ ...valid, meta_title: "x".repeat(201) }).meta_title).toEqual(["The search title is too long"]);
    expect(issuesOf({ ...valid, meta_description: "x".repeat(501) }).meta_description).toEqual(["The search description is too long"]);
    expect(issuesOf({ ...valid, meta_title: "x".repeat(61) })).toEqual({}); // past the hint is allowed
    expect(issuesOf({ ...valid, slug: "x".repeat(191) }).slug).toEqual(["The address is too long"]);
  });
});

describe("form fields ↔ row", () => {
  it("opens a scheduled post with its Dubai wall time", () => {
    const f = toFormFields(stored, { timeZone: "Asia/Dubai", now: NOW, language: "ar" });
    expect(f).toMatchObject({
      publish_mode: "schedule",
      schedule_at: "2026-12-01T09:30",
      language: "en",
      meta_title: "",
      hero_image_alt: "A skyline",
    });
  });

  it("stores a schedule as the instant, a draft without a time, and keeps a live post's time", () => {
    const base = { timeZone: "Asia/Dubai", now: NOW };
    const scheduled = toPostValues(
      { ...valid, slug: "  My Post ", publish_mode: "schedule", schedule_at: "2026-12-01T09:30" },
      { ...base, previous: null },
    );
    expect(scheduled).toMatchObject({ published: true, published_at: "2026-12-01T05:30:00.000Z", slug: "my-post", meta_title: null });
    expect(toPostValues({ ...valid, publish_mode: "draft" }, { ...base, previous: stored })).toMatchObject({
      published: false,
      published_at: null,
    });
    const live = { published: true, published_at: "2026-11-01T00:00:00Z" };
    expect(toPostValues({ ...valid, publish_mode: "now" }, { ...base, previous: live }).published_at).toBe("2026-11-01T00:00:00Z");
    // A scheduled post published now: the database stamps the time.
    expect(toPostValues({ ...valid, publish_mode: "now" }, { ...base, previous: stored })).toMatchObject({
      published: true,
      published_at: null,
    });
  });

  it("drops the image description when the image is removed", () => {
    expect(
      toPostValues({ ...valid, hero_image_alt: "old" }, { timeZone: "Asia/Dubai", now: NOW, previous: null }).hero_image_alt,
    ).toBeNull();
  });
});

describe("search by displayed labels", () => {
  const both = [getI18n("ar"), getI18n("en")];
  it("finds stored values by their Arabic or English label", () => {
    expect(optionsMatching("كندا", both)).toEqual({ categories: [], countries: ["Canada"] });
    expect(optionsMatching("الإمارات", both).countries).toEqual(["UAE"]);
    expect(optionsMatching("real", both).categories).toEqual(["Real Estate"]);
    expect(optionsMatching("  ", both)).toEqual({ categories: [], countries: [] });
  });
});
