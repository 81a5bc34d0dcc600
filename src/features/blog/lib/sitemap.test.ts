import { describe, expect, it } from "vitest";
import { STATIC_PAGES, buildSitemap, parseSitemapFile, type SitemapPost, type SitemapSource, sitemapFileCount } from "./sitemap";

const origin = "https://wasla.example";
// Odd posts are Arabic, even ones English; posts 0 and 1 are translations of each other.
const posts: SitemapPost[] = Array.from({ length: 23 }, (_, i) => ({
  slug: `post-${i}`,
  language: i % 2 ? "ar" : "en",
  updated_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  translationSlug: i === 0 ? "post-1" : i === 1 ? "post-0" : null,
}));

function source(all: SitemapPost[]): SitemapSource & { reads: { offset: number; limit: number }[] } {
  const reads: { offset: number; limit: number }[] = [];
  return {
    reads,
    countPosts: async () => all.length,
    listPosts: async (r) => {
      reads.push(r);
      return all.slice(r.offset, r.offset + r.limit);
    },
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe("sitemap", () => {
  it("lists every static page in both languages and every post once, under its own language", async () => {
    const r = await buildSitemap(source(posts), origin);
    expect(r.kind).toBe("xml");
    const xml = r.kind === "xml" ? r.xml : "";
    expect(xml).toContain("<urlset");
    expect(locs(xml)).toHaveLength(STATIC_PAGES.length * 2 + posts.length);
    expect(locs(xml)).toContain(`${origin}/en/blog/post-22`);
    expect(locs(xml)).toContain(`${origin}/blog/post-21`);
    expect(locs(xml)).not.toContain(`${origin}/blog/post-22`);
    expect(locs(xml)).not.toContain(`${origin}/en/blog/post-21`);
    expect(xml).toContain('hreflang="x-default"');
  });

  it("gives a post alternates only with its real translation", async () => {
    const r = await buildSitemap(source(posts), origin);
    const xml = r.kind === "xml" ? r.xml : "";
    const entry = (loc: string) => xml.split("<url>").find((u) => u.includes(`<loc>${loc}</loc>`)) ?? "";
    const en0 = entry(`${origin}/en/blog/post-0`);
    expect(en0).toContain(`hreflang="en" href="${origin}/en/blog/post-0"`);
    expect(en0).toContain(`hreflang="ar" href="${origin}/blog/post-1"`);
    expect(en0).toContain(`hreflang="x-default" href="${origin}/blog/post-1"`);
    const ar1 = entry(`${origin}/blog/post-1`);
    expect(ar1).toContain(`hreflang="en" href="${origin}/en/blog/post-0"`);
    expect(entry(`${origin}/en/blog/post-2`)).not.toContain("hreflang");
  });

  it("becomes an index past the URL limit, and its files hold every URL exactly once", async () => {
    const maxUrls = 10;
    expect(sitemapFileCount(posts.length, maxUrls)).toBe(4); // 5 static pages × 2 + 23 posts = 33 URLs
    const src = source(posts);
    const index = await buildSitemap(src, origin, { maxUrls });
    const indexXml = index.kind === "xml" ? index.xml : "";
    expect(indexXml).toContain("<sitemapindex");
    expect(locs(indexXml)).toEqual([1, 2, 3, 4].map((n) => `${origin}/sitemaps/${n}.xml`));
    const all: string[] = [];
    for (let n = 1; n <= 4; n++) {
      const file = await buildSitemap(src, origin, { maxUrls, file: n });
      const xml = file.kind === "xml" ? file.xml : "";
      expect(locs(xml).length).toBeLessThanOrEqual(maxUrls);
      all.push(...locs(xml));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(STATIC_PAGES.length * 2 + posts.length);
    for (const p of posts) expect(all).toContain(`${origin}${p.language === "en" ? "/en" : ""}/blog/${p.slug}`);
    expect(await buildSitemap(src, origin, { maxUrls, file: 5 })).toEqual({ kind: "not-found" });
  });

  it("has no numbered files while one sitemap suffices", async () => {
    expect(await buildSitemap(source(posts), origin, { file: 1 })).toEqual({ kind: "not-found" });
  });

  it("parseSitemapFile", () => {
    expect(parseSitemapFile("3.xml")).toBe(3);
    for (const bad of ["0.xml", "x.xml", "3", "3.xml.gz", undefined]) expect(parseSitemapFile(bad)).toBeNull();
  });
});
