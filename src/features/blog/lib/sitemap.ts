/**
 * The sitemap: every public page and every published post, in both languages, each `<url>` with
 * reciprocal hreflang alternates (ar, en, x-default → Arabic). A sitemap file may hold at most
 * 50,000 URLs (sitemaps.org); past that, `/sitemap.xml` becomes a sitemap index of
 * `/sitemaps/<n>.xml` files, the first of which also carries the static pages.
 * Pure functions: the data comes in through `SitemapSource`, so the split is tested without a database.
 */
import { type Locale, localizePath } from "@/lib/i18n/locale";
import type { PublishedPostUrl } from "../api/list-published-posts";

/** sitemaps.org's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
const LOCALES: readonly Locale[] = ["ar", "en"];
/** Each page is listed once per language. */
const URLS_PER_PAGE = LOCALES.length;

export const STATIC_PAGES = ["/", "/blog", "/contact", "/demo", "/privacy-policy"] as const;

export interface SitemapSource {
  countPosts(): Promise<number>;
  /** Published posts in a stable order, `limit` of them after `offset`. */
  listPosts(range: { offset: number; limit: number }): Promise<PublishedPostUrl[]>;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** W3C date-time for <lastmod>. */
export const w3cDate = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** The `<url>` entries (one per language) of a page. */
export function urlEntries(origin: string, page: string, lastmod: string | null): string[] {
  const abs = (p: string) => escapeXml(`${origin}${p}`);
  return LOCALES.map((locale) => {
    const alternates = LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${abs(localizePath(page, l))}"/>`)
      .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${abs(localizePath(page, "ar"))}"/>`)
      .join("\n");
    const mod = lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : "";
    return `  <url>\n    <loc>${abs(localizePath(page, locale))}</loc>${mod}\n${alternates}\n  </url>`;
  });
}

export const urlsetXml = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;

export const sitemapIndexXml = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((loc) => `  <sitemap>\n    <loc>${escapeXml(loc)}</loc>\n  </sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;

/** How many sitemap files `postCount` published posts need (1: a plain sitemap, no index). */
export function sitemapFileCount(postCount: number, maxUrls = SITEMAP_MAX_URLS): number {
  const pagesPerFile = Math.floor(maxUrls / URLS_PER_PAGE);
  return Math.max(1, Math.ceil((STATIC_PAGES.length + postCount) / pagesPerFile));
}

/** The address of sitemap file `n` (1-based) of an index. */
export const sitemapFilePath = (n: number) => `/sitemaps/${n}.xml`;

/** `"3.xml"` → 3; anything else → null. */
export function parseSitemapFile(file: string | undefined): number | null {
  const m = /^([1-9]\d{0,5})\.xml$/.exec(file ?? "");
  return m ? Number(m[1]) : null;
}

export type SitemapResult = { kind: "xml"; xml: string } | { kind: "not-found" };

/**
 * `file` undefined: `/sitemap.xml` (everything, or the index when it would pass `maxUrls`).
 * `file` n: the n-th file of the index (the static pages, then posts, `maxUrls` URLs per file).
 */
export async function buildSitemap(
  source: SitemapSource,
  origin: string,
  { file, maxUrls = SITEMAP_MAX_URLS }: { file?: number; maxUrls?: number } = {},
): Promise<SitemapResult> {
  const total = await source.countPosts();
  const files = sitemapFileCount(total, maxUrls);
  if (file === undefined && files > 1) {
    return { kind: "xml", xml: sitemapIndexXml(Array.from({ length: files }, (_, i) => `${origin}${sitemapFilePath(i + 1)}`)) };
  }
  const n = file ?? 1;
  if (n > files || (file !== undefined && files === 1)) return { kind: "not-found" };
  const pagesPerFile = Math.floor(maxUrls / URLS_PER_PAGE);
  // Items in order: the static pages, then the posts; file n holds items [(n-1)·per, n·per).
  const start = (n - 1) * pagesPerFile;
  const end = start + pagesPerFile;
  const staticPages = STATIC_PAGES.slice(Math.min(start, STATIC_PAGES.length), Math.min(end, STATIC_PAGES.length));
  const postOffset = Math.max(0, start - STATIC_PAGES.length);
  const postLimit = Math.max(0, end - STATIC_PAGES.length - postOffset);
  const posts = postLimit > 0 ? await source.listPosts({ offset: postOffset, limit: postLimit }) : [];
  const newest = posts.reduce<string | null>((acc, p) => (!acc || p.updated_at > acc ? p.updated_at : acc), null);
  const entries = [
    ...staticPages.flatMap((page) => urlEntries(origin, page, page === "/blog" ? w3cDate(newest) : null)),
    ...posts.flatMap((p) => urlEntries(origin, `/blog/${encodeURIComponent(p.slug)}`, w3cDate(p.updated_at))),
  ];
  return { kind: "xml", xml: urlsetXml(entries) };
}
