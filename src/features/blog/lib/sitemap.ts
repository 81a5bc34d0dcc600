/**
 * The sitemap: every public page in both languages, with reciprocal hreflang alternates (ar, en,
 * x-default → Arabic), and every visible post once, under its own language, with alternates only when
 * it has a visible translation (docs/product.md#seo). A sitemap file may hold at most
 * 50,000 URLs (sitemaps.org); past that, `/sitemap.xml` becomes a sitemap index of
 * `/sitemaps/<n>.xml` files, the first of which also carries the static pages.
 * Pure functions: the data comes in through `SitemapSource`, so the split is tested without a database.
 */
import { type Locale, localizePath } from "@/lib/i18n/locale";
import { pageCount } from "@/lib/paging";
import type { Tables } from "@/lib/database.types";
import { sitemapPages } from "@/lib/routes/derive";

/** sitemaps.org's limit of URLs per file. */
const SITEMAP_MAX_URLS = 50_000;
const LOCALES: readonly Locale[] = ["ar", "en"];

/** The pages of the route table marked for the sitemap (src/lib/routes/table.ts), in its order. */
export const STATIC_PAGES = sitemapPages().map((page) => page.path);
/** The pages whose <lastmod> is their newest post's date (the blog list). */
const NEWEST_POST_PAGES = new Set(sitemapPages().flatMap((page) => (page.lastmod === "newest-post" ? [page.path] : [])));
/** Each static page is listed once per language; a post once, under its own language. */
const STATIC_URLS = STATIC_PAGES.length * LOCALES.length;

/** A visible post as the sitemap lists it, with its visible translation's slug, if any. */
export type SitemapPost = Pick<Tables<"blog_posts">, "slug" | "language" | "updated_at"> & {
  /** The slug of the visible post in the other language of the same translation group. */
  translationSlug: string | null;
};

export interface SitemapSource {
  countPosts(): Promise<number>;
  /** Published posts in a stable order, `limit` of them after `offset`. */
  listPosts(range: { offset: number; limit: number }): Promise<SitemapPost[]>;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** W3C date-time for <lastmod>. */
const w3cDate = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

const alternateLinks = (abs: (p: string) => string, paths: Record<Locale, string>) =>
  LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${abs(paths[l])}"/>`)
    .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${abs(paths.ar)}"/>`)
    .join("\n");

const urlXml = (loc: string, lastmod: string | null, alternates: string | null) =>
  `  <url>\n    <loc>${loc}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ""}${alternates ? `\n${alternates}` : ""}\n  </url>`;

/** The `<url>` entries (one per language) of a page. */
export function urlEntries(origin: string, page: string, lastmod: string | null): string[] {
  const abs = (p: string) => escapeXml(`${origin}${p}`);
  const paths = { ar: localizePath(page, "ar"), en: localizePath(page, "en") };
  return LOCALES.map((locale) => urlXml(abs(paths[locale]), lastmod, alternateLinks(abs, paths)));
}

/** The `<url>` of a post: its own language only; alternates when it has a visible translation. */
function postEntry(origin: string, post: SitemapPost): string {
  const abs = (p: string) => escapeXml(`${origin}${p}`);
  const path = (slug: string, l: Locale) => localizePath(`/blog/${encodeURIComponent(slug)}`, l);
  const own = path(post.slug, post.language);
  const other: Locale = post.language === "ar" ? "en" : "ar";
  const alternates = post.translationSlug
    ? alternateLinks(abs, { [post.language]: own, [other]: path(post.translationSlug, other) } as Record<Locale, string>)
    : null;
  return urlXml(abs(own), w3cDate(post.updated_at), alternates);
}

export const urlsetXml = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;

const sitemapIndexXml = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((loc) => `  <sitemap>\n    <loc>${escapeXml(loc)}</loc>\n  </sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;

/** How many sitemap files `postCount` published posts need (1: a plain sitemap, no index). */
export function sitemapFileCount(postCount: number, maxUrls = SITEMAP_MAX_URLS): number {
  return pageCount(STATIC_URLS + postCount, maxUrls);
}

/** The address of sitemap file `n` (1-based) of an index. */
const sitemapFilePath = (n: number) => `/sitemaps/${n}.xml`;

/** `"3.xml"` → 3; anything else → null. */
export function parseSitemapFile(file: string | undefined): number | null {
  const m = /^([1-9]\d{0,5})\.xml$/.exec(file ?? "");
  return m ? Number(m[1]) : null;
}

type SitemapResult = { kind: "xml"; xml: string } | { kind: "not-found" };

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
  // URLs in order: the static pages (each language), then the posts; file n holds URLs [(n-1)·max, n·max).
  const start = (n - 1) * maxUrls;
  const end = start + maxUrls;
  const staticUrls = STATIC_PAGES.flatMap((page) => LOCALES.map((locale) => ({ page, locale })));
  const staticHere = staticUrls.slice(Math.min(start, STATIC_URLS), Math.min(end, STATIC_URLS));
  const postOffset = Math.max(0, start - STATIC_URLS);
  const postLimit = Math.max(0, end - STATIC_URLS - postOffset);
  const posts = postLimit > 0 ? await source.listPosts({ offset: postOffset, limit: postLimit }) : [];
  const newest = posts.reduce<string | null>((acc, p) => (!acc || p.updated_at > acc ? p.updated_at : acc), null);
  const entries = [
    ...staticHere.map(
      ({ page, locale }) => urlEntries(origin, page, NEWEST_POST_PAGES.has(page) ? w3cDate(newest) : null)[LOCALES.indexOf(locale)]!,
    ),
    ...posts.map((p) => postEntry(origin, p)),
  ];
  return { kind: "xml", xml: urlsetXml(entries) };
}
