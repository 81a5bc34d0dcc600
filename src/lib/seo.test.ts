import { describe, expect, it } from "vitest";
import { pageSeo } from "./seo";

const base = { origin: "https://example.com", siteName: "Wasla", title: "Blog", description: "Tips" };

describe("pageSeo", () => {
  it("gives reciprocal, self-referencing alternates in both languages", () => {
    const ar = pageSeo({ ...base, locale: "ar", pathname: "/blog" });
    const en = pageSeo({ ...base, locale: "en", pathname: "/en/blog" });
    const links = (tags: ReturnType<typeof pageSeo>) =>
      tags.filter((t) => "tagName" in t).map((t) => ("tagName" in t ? `${t.rel}|${t.hrefLang ?? ""}|${t.href}` : ""));
    expect(links(ar)).toEqual([
      "canonical||https://example.com/blog",
      "alternate|ar|https://example.com/blog",
      "alternate|en|https://example.com/en/blog",
      "alternate|x-default|https://example.com/blog",
    ]);
    expect(links(en)[0]).toBe("canonical||https://example.com/en/blog");
    expect(links(en).slice(1)).toEqual(links(ar).slice(1));
    expect(en).toContainEqual({ title: "Blog | Wasla" });
  });
  it("home is /en in English and / in Arabic", () => {
    const en = pageSeo({ ...base, locale: "en", pathname: "/en" });
    expect(en).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/en" });
    expect(en).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "ar", href: "https://example.com/" });
  });
  it("noindex pages have no canonical", () => {
    const tags = pageSeo({ ...base, locale: "ar", pathname: "/admin", noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(tags.some((t) => "rel" in t && t.rel === "canonical")).toBe(false);
  });
  it("a search or filtered list: noindex, follow, canonical to the plain list, no alternates", () => {
    const tags = pageSeo({
      ...base,
      locale: "en",
      pathname: "/en/blog",
      search: "?q=dubai&page=2",
      canonicalSearch: "",
      noindex: "follow",
      alternates: false,
    });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, follow" });
    expect(tags.filter((t) => "rel" in t)).toEqual([{ tagName: "link", rel: "canonical", href: "https://example.com/en/blog" }]);
    expect(tags).toContainEqual({ property: "og:url", content: "https://example.com/en/blog" });
  });
  it("alternates given per language (a list page past 1: the other language's first page)", () => {
    const tags = pageSeo({
      ...base,
      locale: "en",
      pathname: "/en/blog",
      search: "?page=3",
      alternates: { en: "/en/blog?page=3", ar: "/blog" },
    });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/en/blog?page=3" });
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "ar", href: "https://example.com/blog" });
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "en", href: "https://example.com/en/blog?page=3" });
  });
  it("makes share images absolute", () => {
    const tags = pageSeo({
      ...base,
      locale: "en",
      pathname: "/en/blog/x",
      image: "/storage/v1/object/public/blog-images/a.png",
      type: "article",
    });
    // A stored hero image is shared as its 1200 × 630 crop, with its size.
    expect(tags).toContainEqual({
      property: "og:image",
      content:
        "https://example.com/storage/v1/render/image/public/blog-images/a.png?width=1200&height=630&resize=cover&format=origin&quality=80",
    });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
  });
  it("names only real translations: an address per language, or no hreflang at all", () => {
    const paired = pageSeo({
      ...base,
      locale: "en",
      pathname: "/en/blog/off-plan",
      alternates: { en: "/en/blog/off-plan", ar: "/blog/على-الخارطة" },
    });
    const alternates = paired.filter((t) => "rel" in t && t.rel === "alternate");
    expect(alternates).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "ar", href: "https://example.com/blog/على-الخارطة" },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://example.com/en/blog/off-plan" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://example.com/blog/على-الخارطة" },
    ]);
    const alone = pageSeo({ ...base, locale: "en", pathname: "/en/blog/only-english", alternates: false });
    expect(alone.some((t) => "rel" in t && t.rel === "alternate")).toBe(false);
    expect(alone).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/en/blog/only-english" });
    const one = pageSeo({ ...base, locale: "en", pathname: "/en/blog/x", alternates: { en: "/en/blog/x" } });
    expect(one.some((t) => "rel" in t && t.rel === "alternate")).toBe(false);
  });
  it("shares the branded card of the page's language when the page has no image", () => {
    for (const locale of ["ar", "en"] as const) {
      const tags = pageSeo({ ...base, locale, pathname: locale === "en" ? "/en" : "/" });
      expect(tags).toContainEqual({ property: "og:image", content: `https://example.com/share/default-${locale}.png` });
      expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
      expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
      expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    }
  });
  it("describes a hero image with its alt text", () => {
    const tags = pageSeo({ ...base, locale: "en", pathname: "/en/blog/x", image: "/a.png", imageAlt: "Dubai skyline at dusk" });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "Dubai skyline at dusk" });
    expect(tags).toContainEqual({ name: "twitter:image:alt", content: "Dubai skyline at dusk" });
    expect(tags.some((t) => "property" in t && t.property === "og:image:width")).toBe(false);
  });
});
