import type { Route } from "./+types/sitemap[.]xml";
import { type BlogPostSummary, listPublishedPosts } from "@/features/blog/api/list-published-posts";
import { localizePath } from "@/lib/i18n/locale";
import { siteConfigFromEnv } from "@/lib/site-config";
import { serverSupabase } from "../supabase.server";

const PUBLIC_PAGES = ["/", "/blog", "/contact", "/demo", "/privacy-policy"];

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** W3C date-time for <lastmod>. */
const w3cDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/**
 * Every public page and every published post, in both languages, each with reciprocal hreflang
 * alternates (ar, en, x-default → Arabic); posts and the blog list carry <lastmod>. If the posts
 * cannot be read the static pages are still listed (and the response is not cached for long).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = siteConfigFromEnv(context.server?.env ?? process.env);
  const origin = site.publicUrl ?? new URL(request.url).origin;
  const abs = (p: string) => escapeXml(`${origin}${p}`);

  let posts: BlogPostSummary[] = [];
  let complete = true;
  try {
    posts = await listPublishedPosts(serverSupabase(context.server));
  } catch (error) {
    complete = false;
    console.error("[sitemap] posts failed:", error instanceof Error ? error.message : error);
  }
  const newest = posts.reduce<string | null>((acc, p) => (!acc || p.updated_at > acc ? p.updated_at : acc), null);

  const entry = (page: string, lastmod: string | null) =>
    (["ar", "en"] as const).map((locale) => {
      const alternates = (["ar", "en"] as const)
        .map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${abs(localizePath(page, l))}"/>`)
        .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${abs(localizePath(page, "ar"))}"/>`)
        .join("\n");
      const mod = lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : "";
      return `  <url>\n    <loc>${abs(localizePath(page, locale))}</loc>${mod}\n${alternates}\n  </url>`;
    });

  const entries = [
    ...PUBLIC_PAGES.flatMap((page) => entry(page, page === "/blog" && newest ? w3cDate(newest) : null)),
    ...posts.flatMap((p) => entry(`/blog/${encodeURIComponent(p.slug)}`, w3cDate(p.updated_at))),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": complete ? "public, max-age=600" : "no-cache",
    },
  });
}
