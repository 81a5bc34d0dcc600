import { describe, expect, it } from "vitest";
import type { PublishedPostUrl } from "../api/list-published-posts";
import { STATIC_PAGES, buildSitemap, parseSitemapFile, type SitemapSource, sitemapFileCount } from "./sitemap";

const origin = "https://wasla.example";
const posts: PublishedPostUrl[] = Array.from({ length: 23 }, (_, i) => ({
  id: `id-${String(i).padStart(3, "0")}`,
  slug: `post-${i}`,
  updated_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
}));

function source(all: PublishedPostUrl[]): SitemapSource & { reads: { offset: number; limit: number }[] } {
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
  it("lists every static page and every post in both languages in one file under the limit", async () => {
    const r = await buildSitemap(source(posts), origin);
    expect(r.kind).toBe("xml");
    const xml = r.kind === "xml" ? r.xml : "";
    expect(xml).toContain("<urlset");
    expect(locs(xml)).toHaveLength((STATIC_PAGES.length + posts.length) * 2);
    expect(locs(xml)).toContain(`${origin}/en/blog/post-22`);
    expect(locs(xml)).toContain(`${origin}/blog/post-0`);
    expect(xml).toContain('hreflang="x-default"');
  });

  it("becomes an index past the URL limit, and its files hold every URL exactly once", async () => {
    const maxUrls = 10; // 5 pages per file
    expect(sitemapFileCount(posts.length, maxUrls)).toBe(6); // 5 static + 23 posts = 28 pages
    const src = source(posts);
    const index = await buildSitemap(src, origin, { maxUrls });
    const indexXml = index.kind === "xml" ? index.xml : "";
    expect(indexXml).toContain("<sitemapindex");
    expect(locs(indexXml)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${origin}/sitemaps/${n}.xml`));
    const all: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const file = await buildSitemap(src, origin, { maxUrls, file: n });
      const xml = file.kind === "xml" ? file.xml : "";
      expect(locs(xml).length).toBeLessThanOrEqual(maxUrls);
      all.push(...locs(xml));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength((STATIC_PAGES.length + posts.length) * 2);
    for (const p of posts) expect(all).toContain(`${origin}/blog/${p.slug}`);
    expect(await buildSitemap(src, origin, { maxUrls, file: 7 })).toEqual({ kind: "not-found" });
  });

  it("has no numbered files while one sitemap suffices", async () => {
    expect(await buildSitemap(source(posts), origin, { file: 1 })).toEqual({ kind: "not-found" });
  });

  it("parseSitemapFile", () => {
    expect(parseSitemapFile("3.xml")).toBe(3);
    for (const bad of ["0.xml", "x.xml", "3", "3.xml.gz", undefined]) expect(parseSitemapFile(bad)).toBeNull();
  });
});
