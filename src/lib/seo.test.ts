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
  it("makes share images absolute", () => {
    const tags = pageSeo({ ...base, locale: "en", pathname: "/en/blog/x", image: "/storage/v1/object/public/blog-images/a.png", type: "article" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://example.com/storage/v1/object/public/blog-images/a.png" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
  });
});
