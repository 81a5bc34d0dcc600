import type { Route } from "./+types/rss[.]xml";
import { listPublishedPosts } from "@/features/blog/api/list-published-posts";
import { categoryLabel } from "@/lib/content-labels";
import { getI18n, loadI18n } from "@/lib/i18n/catalogs";
import { type Locale, localizePath } from "@/lib/i18n/locale";
import { serverSanitizer } from "@/lib/sanitize.server";
import { siteConfigFromEnv } from "@/lib/site-config";
import { msg } from "@lingui/core/macro";
import { feedMaxAge } from "../feed-max-age.server";
import { serverSupabase } from "../supabase.server";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** Characters XML 1.0 does not allow, even escaped. */
// eslint-disable-next-line no-control-regex
const stripInvalid = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");
const text = (s: string) => escapeXml(stripInvalid(s));

/**
 * The post's body for `content:encoded`: sanitised as on the article (same rules; lists and quotes in their
 * text's direction) but with each stored image's canonical URL (readers do not pick `srcset` widths), and
 * site-relative addresses made absolute (a reader resolves them against nothing reliable).
 */
export function feedContent(safeHtml: string, origin: string): string {
  const base = origin.replace(/\/$/, "");
  return safeHtml.replace(/ (src|href)="\/(?!\/)/g, (_, attr: string) => ` ${attr}="${base}/`);
}

/** Items in the feed: the newest posts only, as feeds do (readers keep what they have seen; the sitemap lists everything). */
const FEED_SIZE = 50;

/**
 * RSS 2.0 feed of the 50 newest published posts of one language: `/rss.xml` the Arabic posts, `/en/rss.xml`
 * the English ones, each linking to its posts under their own prefix (docs/product.md#seo). The old
 * `/rss.xml?lang=en` answers 301 to `/en/rss.xml`. Titles and excerpts as written (plain text, escaped);
 * the category in the feed's language; the full sanitised body as `content:encoded` (escaped HTML).
 * Scheduled posts enter the feed at their publish time (Row Level Security), and no cache keeps the feed
 * past it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale: Locale = url.pathname.startsWith("/en/") ? "en" : "ar";
  if (locale === "ar" && url.searchParams.get("lang") === "en") {
    return new Response(null, { status: 301, headers: { Location: "/en/rss.xml" } });
  }
  const site = siteConfigFromEnv(context.server?.env ?? process.env);
  const origin = site.publicUrl ?? url.origin;
  const i18n = await loadI18n(locale).then(() => getI18n(locale));

  let items: string[];
  try {
    const posts = await listPublishedPosts(
      serverSupabase(context.server),
      { limit: FEED_SIZE, language: locale },
      "id,slug,title,excerpt,content,category,published_at,created_at",
    );
    const sanitize = await serverSanitizer();
    items = posts.map((p) => {
      const category = categoryLabel(p.category);
      const body = feedContent(sanitize(p.content, { origin, responsive: false, directions: true }), origin);
      const link = `${origin}${localizePath(`/blog/${encodeURIComponent(p.slug)}`, locale)}`;
      return [
        "    <item>",
        `      <title>${text(p.title)}</title>`,
        `      <link>${text(link)}</link>`,
        `      <guid isPermaLink="false">${text(p.id)}</guid>`,
        `      <description>${text(p.excerpt)}</description>`,
        `      <category>${text(typeof category === "string" ? category : i18n._(category))}</category>`,
        `      <content:encoded>${text(body)}</content:encoded>`,
        `      <pubDate>${new Date(p.published_at ?? p.created_at).toUTCString()}</pubDate>`,
        "    </item>",
      ].join("\n");
    });
  } catch (error) {
    console.error("[rss] posts failed:", error instanceof Error ? error.message : error);
    return new Response("Feed temporarily unavailable\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  const title = `${site.name[locale]} | ${i18n._(msg`Real-estate sales insights`)}`;
  const description = i18n._(msg`Practical guides on lead follow-up, AI automation and the property markets of the UAE and Canada.`);
  const self = `${origin}${localizePath("/rss.xml", locale)}`;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "  <channel>",
    `    <title>${text(title)}</title>`,
    `    <link>${text(`${origin}${localizePath("/blog", locale)}`)}</link>`,
    `    <description>${text(description)}</description>`,
    `    <language>${locale}</language>`,
    `    <atom:link href="${text(self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": `public, max-age=${feedMaxAge(context.server)}` },
  });
}
