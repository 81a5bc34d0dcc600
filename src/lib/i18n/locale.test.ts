import { describe, expect, it } from "vitest";
import { localeAlternatesOf, localeFromPath, localizePath, stripLocale, switchLocalePath } from "./locale";

describe("language rule", () => {
  it.each([
    ["/", "ar"],
    ["/blog", "ar"],
    ["/admin/login", "ar"],
    ["/en", "en"],
    ["/en/", "en"],
    ["/en/blog/some-post", "en"],
    ["/en?x=1", "en"],
    ["/english-guide", "ar"],
    ["/blog/en", "ar"],
  ] as const)("%s is %s", (path, locale) => {
    expect(localeFromPath(path)).toBe(locale);
  });

  it("strips the prefix", () => {
    expect(stripLocale("/en")).toBe("/");
    expect(stripLocale("/en/blog")).toBe("/blog");
    expect(stripLocale("/en?q=1")).toBe("/?q=1");
    expect(stripLocale("/blog")).toBe("/blog");
  });

  it("localizes internal links", () => {
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/blog", "en")).toBe("/en/blog");
    expect(localizePath("/en/blog", "en")).toBe("/en/blog");
    expect(localizePath("/en/blog", "ar")).toBe("/blog");
    expect(localizePath("/en", "ar")).toBe("/");
    expect(localizePath("/?q=1", "en")).toBe("/en?q=1");
    expect(localizePath("contact", "en")).toBe("/en/contact");
  });

  it("switches language keeping the page, query and hash", () => {
    expect(switchLocalePath("/?ref=x#faq", "en")).toBe("/en?ref=x#faq");
    expect(switchLocalePath("/en/privacy-policy?ref=x", "ar")).toBe("/privacy-policy?ref=x");
    expect(switchLocalePath("/en", "ar")).toBe("/");
    expect(switchLocalePath("/contact?utm_source=x#form", "en")).toBe("/en/contact?utm_source=x#form");
  });

  it("leaves the blog list's search text and page behind, keeping its filters and the hash", () => {
    expect(switchLocalePath("/blog?q=%D8%AF%D8%A8%D9%8A&filter=popular&country=UAE&page=3#top", "en")).toBe(
      "/en/blog?filter=popular&country=UAE#top",
    );
    expect(switchLocalePath("/en/blog?q=dubai&page=2", "ar")).toBe("/blog");
    expect(switchLocalePath("/en/blog?q=dubai&country=Canada", "ar")).toBe("/blog?country=Canada");
    expect(switchLocalePath("/blog?page=2#top", "en")).toBe("/en/blog#top");
    // An article keeps its query (its address per language comes from the route's `localeAlternates`).
    expect(switchLocalePath("/blog/dubai-market?q=dubai", "en")).toBe("/en/blog/dubai-market?q=dubai");
  });
});

describe("localeAlternatesOf", () => {
  it("takes the deepest route data that names the page's address per language", () => {
    const article = { localeAlternates: { en: "/en/blog/x", ar: "/blog/y" } };
    expect(localeAlternatesOf([{ data: { site: 1 } }, { loaderData: article }, { data: undefined }])).toEqual(article.localeAlternates);
    expect(localeAlternatesOf([{ data: { localeAlternates: { ar: "/a" } } }, { data: article }])).toEqual(article.localeAlternates);
  });
  it("is null when no route says (the toggle then keeps the path)", () => {
    expect(localeAlternatesOf([{ data: null }, undefined, { data: "text" }])).toBeNull();
  });
});
