import { msg } from "@lingui/core/macro";
import { data, redirect, useLocation, useNavigation } from "react-router";
import { type BlogPost, type PostAddress, findPublishedPost } from "@/features/blog/api/get-published-post-by-slug";
import { ArticleLoading, ArticleNotFound, ArticleView } from "@/features/blog/components/article-view";
import { safeImageUrl } from "@/features/blog/lib/labels";
import { categoryLabel } from "@/lib/content-labels";
import { getI18n } from "@/lib/i18n/catalogs";
import { type LocaleAlternates, localeFromPath, localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { serverSanitizer } from "@/lib/sanitize.server";
import { defaultSiteConfig, siteConfigFromEnv } from "@/lib/site-config";
import { blogPostingJsonLd } from "@/lib/structured-data";
import { island } from "../islands/island";
import { rootDataOf, routeMeta } from "../route-meta";
import { serverSupabase } from "../supabase.server";
import type { Route } from "./+types/article";

/**
 * The booking form under the article carries its own validation, date picker and phone data: an island
 * that loads when the visitor first touches it (a short article puts it within a screen of the top, and
 * loading it with the page cost a phone about a second of blocked main thread). The server renders it in
 * full; until it hydrates it is a plain form whose input is kept and whose submission is held.
 */
const ArticleBooking = island("article-booking", { when: "touched" });

export type ArticleLoaderData =
  | { status: "ok"; post: BlogPost; localeAlternates: LocaleAlternates; hasTranslation: boolean }
  | { status: "not-found" }
  | { status: "error" };

/** False for a slug no post can have: empty, too long, or with control characters or lone surrogates. */
function isPlausibleSlug(slug: string | undefined): slug is string {
  return (
    !!slug &&
    slug.length <= 400 &&
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    !/[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(slug)
  );
}

/** The address of a post: under its own language's prefix, by its current slug. */
export const postPath = (to: PostAddress) => localizePath(`/blog/${encodeURIComponent(to.slug)}`, to.language);

/**
 * One published post by slug, in the language of the URL (docs/product.md#article). Its HTML is
 * sanitised here, on the server, so the first response already carries safe content. A post of the
 * other language, or an earlier slug of a post, answers 301 to where the post lives now. Unknown,
 * unpublished or not yet live → 404; a failed call → 503. Both render the 'Article Not Found' page
 * rather than the site's error page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const env = context.server?.env ?? process.env;
  const url = new URL(request.url);
  const origin = siteConfigFromEnv(env).publicUrl ?? url.origin;
  const language = localeFromPath(url.pathname);
  // No post's slug holds a control character or a lone surrogate (src/lib/slug.ts): such an address is
  // simply not a post, answered 404 without asking the database (which refuses NUL in text).
  if (!isPlausibleSlug(params.slug)) return data<ArticleLoaderData>({ status: "not-found" }, { status: 404 });
  let found: Awaited<ReturnType<typeof findPublishedPost>>;
  try {
    found = await findPublishedPost(serverSupabase(context.server), params.slug, language);
  } catch (error) {
    console.error("[article] load failed:", error instanceof Error ? error.message : error);
    return data<ArticleLoaderData>({ status: "error" }, { status: 503, headers: { "Retry-After": "30" } });
  }
  if (found.kind === "moved") throw redirect(postPath(found.to), 301);
  if (found.kind === "none") return data<ArticleLoaderData>({ status: "not-found" }, { status: 404 });
  const { post, translation } = found;
  const sanitize = await serverSanitizer();
  const safe: BlogPost = { ...post, content: sanitize(post.content, { origin }) };
  const other = language === "ar" ? "en" : "ar";
  // The toggle goes to the translation, else to the other language's blog.
  const localeAlternates: LocaleAlternates = {
    [language]: postPath(post),
    [other]: translation ? postPath(translation) : localizePath("/blog", other),
  };
  return data<ArticleLoaderData>(
    { status: "ok", post: safe, localeAlternates, hasTranslation: translation !== null },
    { headers: { "Cache-Control": "no-cache" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const result = args.loaderData as ArticleLoaderData | undefined;
  if (!result || result.status !== "ok") {
    return routeMeta(args, {
      title: msg`Article Not Found`,
      description: msg`The article you are looking for does not exist.`,
      noindex: true,
    });
  }
  const { post } = result;
  const locale = localeFromPath(args.location.pathname);
  const root = rootDataOf(args);
  const site = root?.site ?? defaultSiteConfig;
  const origin = root?.origin ?? "";
  const image = safeImageUrl(post.hero_image_url);
  const published = post.published_at ?? post.created_at;
  // The stored category is English; the section is named in the page's language (as on the page).
  const label = categoryLabel(post.category);
  const section = typeof label === "string" ? label : getI18n(locale)._(label);
  return routeMeta(args, {
    title: post.meta_title?.trim() || post.title,
    description: post.meta_description?.trim() || post.excerpt,
    image,
    imageAlt: post.hero_image_alt,
    // hreflang only between real translations: an article without one has none.
    alternates: result.hasTranslation ? result.localeAlternates : false,
    type: "article",
    extra: [
      { property: "article:published_time", content: published },
      { property: "article:modified_time", content: post.updated_at },
      { property: "article:section", content: section },
      {
        "script:ld+json": blogPostingJsonLd({
          origin,
          url: postPath(post),
          locale: post.language,
          title: post.title,
          description: post.meta_description?.trim() || post.excerpt,
          image,
          datePublished: published,
          dateModified: post.updated_at,
          category: section,
          publisher: { name: site.name[locale], logo: "/favicon.svg" },
        }),
      },
    ],
  });
};

export default function Article({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const { href } = useLocale();
  const target = navigation.location?.pathname;
  // Moving to another article: say so instead of showing the previous one.
  if (navigation.state === "loading" && target && target !== location.pathname && target.startsWith(href("/blog/"))) {
    return <ArticleLoading />;
  }
  if (loaderData.status !== "ok") return <ArticleNotFound error={loaderData.status === "error" ? "load-failed" : undefined} />;
  return (
    <ArticleView
      post={loaderData.post}
      html={loaderData.post.content}
      serverSanitized
      renderBooking={() => (
        <ArticleBooking path={location.pathname} post={{ category: loaderData.post.category, country: loaderData.post.country }} />
      )}
    />
  );
}
