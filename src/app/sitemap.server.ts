/** Sitemap responses for `/sitemap.xml` and `/sitemaps/<n>.xml`. */
import type { AppLoadContext } from "react-router";
import { countPublishedPosts, listPublishedPostUrls, listTranslations } from "@/features/blog/api/list-published-posts";
import { STATIC_PAGES, type SitemapPost, buildSitemap, urlEntries, urlsetXml } from "@/features/blog/lib/sitemap";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { feedMaxAge } from "./feed-max-age.server";
import { siteConfigFromEnv } from "@/lib/site-config";
import { serverSupabase } from "./supabase.server";

export async function sitemapResponse(request: Request, context: AppLoadContext, file?: number): Promise<Response> {
  const site = siteConfigFromEnv(context.server?.env ?? process.env);
  const origin = site.publicUrl ?? new URL(request.url).origin;
  const headers = (cache: string) => ({ "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cache });
  try {
    const client = serverSupabase(context.server);
    const result = await buildSitemap(
      { countPosts: () => countPublishedPosts(client), listPosts: (range) => postsWithTranslations(client, range) },
      origin,
      { file },
    );
    if (result.kind === "not-found")
      return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return new Response(result.xml, { headers: headers(`public, max-age=${feedMaxAge(context.server)}`) });
  } catch (error) {
    console.error("[sitemap] posts failed:", error instanceof Error ? error.message : error);
    if (file !== undefined)
      return new Response("Sitemap temporarily unavailable\n", {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
      });
    return new Response(urlsetXml(STATIC_PAGES.flatMap((page) => urlEntries(origin, page, null))), { headers: headers("no-cache") });
  }
}

/** Visible posts of a range, each with its visible translation's slug (hreflang pairs only real translations). */
async function postsWithTranslations(client: SupabaseClient<Database>, range: { offset: number; limit: number }): Promise<SitemapPost[]> {
  const posts = await listPublishedPostUrls(client, range);
  const translations = await listTranslations(
    client,
    posts.map((p) => p.translation_group),
  );
  const slugOf = new Map(translations.map((t) => [`${t.translation_group}|${t.language}`, t.slug]));
  return posts.map((p) => ({
    slug: p.slug,
    language: p.language,
    updated_at: p.updated_at,
    translationSlug: slugOf.get(`${p.translation_group}|${p.language === "ar" ? "en" : "ar"}`) ?? null,
  }));
}
