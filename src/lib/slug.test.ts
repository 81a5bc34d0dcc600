import { describe, expect, it } from "vitest";
import { FALLBACK_SLUG, SLUG_MAX_LENGTH, isSlugOfTitle, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("follows the slug rule for Latin titles (docs/product.md#admin-posts)", () => {
    expect(slugify("Hello World")).toBe("hello-world");
    expect(slugify("  AI & Automation: 5 Tips!  ")).toBe("ai-automation-5-tips");
    expect(slugify("Dubai -- Marina   2026")).toBe("dubai-marina-2026");
    expect(slugify("-edge-hyphens-")).toBe("edge-hyphens");
  });

  it("keeps Arabic letters, so an Arabic title gives an Arabic slug", () => {
    expect(slugify("اتجاهات سوق العقارات في الإمارات")).toBe("اتجاهات-سوق-العقارات-في-الإمارات");
    // diacritics and tatweel do not change the slug; Arabic punctuation is removed
    expect(slugify("مَرْحَبًا بِكُم، يا أصدقاء؟")).toBe("مرحبا-بكم-يا-أصدقاء");
    expect(slugify("عـــقـــارات")).toBe("عقارات");
  });

  it("handles mixed Arabic and Latin titles and digits", () => {
    expect(slugify("دليل Dubai للاستثمار 2026")).toBe("دليل-dubai-للاستثمار-2026");
    expect(slugify("CRM و الذكاء الاصطناعي")).toBe("crm-و-الذكاء-الاصطناعي");
    expect(slugify("Café Déjà vu")).toBe("café-déjà-vu");
  });

  it("gives an empty slug for symbols only, and uniqueSlug falls back", () => {
    expect(slugify("!!! ??? ---")).toBe("");
    expect(slugify("🎉 $$$")).toBe("");
    expect(uniqueSlug("!!!", [])).toBe(FALLBACK_SLUG);
    expect(uniqueSlug("%%%", [FALLBACK_SLUG])).toBe(`${FALLBACK_SLUG}-2`);
  });

  it("never contains characters the database refuses", () => {
    for (const title of ["a/b?c#d%e\\f", "Tab\tand\nnewline", "UPPER lower"]) {
      const s = slugify(title);
      expect(s).not.toMatch(/[\s/?#%\\]/);
      expect(s).toBe(s.toLowerCase());
    }
  });

  it("caps the length", () => {
    expect(slugify("word ".repeat(100)).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slugify("word ".repeat(100)).endsWith("-")).toBe(false);
  });
});

describe("uniqueSlug", () => {
  it("returns the base when it is free", () => {
    expect(uniqueSlug("Hello World", ["other"])).toBe("hello-world");
  });

  it("appends -2, -3, … on collisions", () => {
    expect(uniqueSlug("Hello World", ["hello-world"])).toBe("hello-world-2");
    expect(uniqueSlug("Hello World", ["hello-world", "hello-world-2"])).toBe("hello-world-3");
    expect(uniqueSlug("Hello World", ["hello-world", "hello-world-3"])).toBe("hello-world-2");
    expect(uniqueSlug("سوق دبي", ["سوق-دبي", "سوق-دبي-2"])).toBe("سوق-دبي-3");
  });
});

describe("isSlugOfTitle", () => {
  it("recognises the slugs uniqueSlug makes from a title, and nothing typed", () => {
    expect(isSlugOfTitle(uniqueSlug("Dubai Market 2026", []), "Dubai Market 2026")).toBe(true);
    expect(isSlugOfTitle(uniqueSlug("Dubai Market 2026", ["dubai-market-2026"]), "Dubai Market 2026")).toBe(true);
    expect(isSlugOfTitle("dubai-market-2026-notes", "Dubai Market 2026")).toBe(false);
    expect(isSlugOfTitle("toronto", "Dubai Market 2026")).toBe(false);
    expect(isSlugOfTitle("", "!!!")).toBe(false);
  });
});
