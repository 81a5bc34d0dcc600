import { msg } from "@lingui/core/macro";
import { Suspense, lazy } from "react";
import { data, useLocation, useNavigation } from "react-router";
import type { BlogPost } from "@/features/blog/api/get-published-post-by-slug";
import { getPublishedPostBySlug } from "@/features/blog/api/get-published-post-by-slug";
import { ArticleLoading, ArticleNotFound, ArticleView } from "@/features/blog/components/article-view";
import { safeImageUrl } from "@/features/blog/lib/labels";
import { localeFromPath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { serverSanitizer } from "@/lib/sanitize.server";
import { defaultSiteConfig, siteConfigFromEnv } from "@/lib/site-config";
import { blogPostingJsonLd } from "@/lib/structured-data";
import { rootDataOf, routeMeta } from "../route-meta";
import { serverSupabase } from "../supabase.server";
import type { Route } from "./+types/article";

/**
 * The booking feature's form sits below the fold and carries its own validation, date picker and
 * phone data: loaded as its own chunk so the article's initial JavaScript stays small. The server
 * still renders it into the first response; the browser hydrates it when its chunk arrives.
 */
const ArticleBookingForm = lazy(() =>
  import("@/features/booking/components/article-booking-form").then((m) => ({ default: m.ArticleBookingForm })),
);

export type ArticleLoaderData =
  | { status: "ok"; post: BlogPost }
  | { status: "not-found" }
  | { status: "error" };

/**
 * One published post by slug. Its HTML is sanitised here, on the server, so the first response
 * already carries safe content. Unknown or unpublished slug → 404; a failed call → 503. Both render
 * the 'Article Not Found' page rather than the site's error page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const env = context.server?.env ?? process.env;
  const origin = siteConfigFromEnv(env).publicUrl ?? new URL(request.url).origin;
  try {
    const post = await getPublishedPostBySlug(serverSupabase(context.server), params.slug);
    if (!post) return data<ArticleLoaderData>({ status: "not-found" }, { status: 404 });
    const sanitize = await serverSanitizer();
    const safe: BlogPost = { ...post, content: sanitize(post.content, { origin }) };
    return data<ArticleLoaderData>({ status: "ok", post: safe }, { headers: { "Cache-Control": "no-cache" } });
  } catch (error) {
    console.error("[article] load failed:", error instanceof Error ? error.message : error);
    return data<ArticleLoaderData>({ status: "error" }, { status: 503, headers: { "Retry-After": "30" } });
  }
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
  return routeMeta(args, {
    title: post.title,
    description: post.excerpt,
    image,
    type: "article",
    extra: [
      { property: "article:published_time", content: post.created_at },
      { property: "article:modified_time", content: post.updated_at },
      { property: "article:section", content: post.category },
      ...(image ? [{ property: "og:image:alt", content: post.title }] : []),
      {
        "script:ld+json": blogPostingJsonLd({
          origin,
          url: args.location.pathname,
          locale,
          title: post.title,
          description: post.excerpt,
          image,
          datePublished: post.created_at,
          dateModified: post.updated_at,
          category: post.category,
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
      renderBooking={({ headline, description }) => (
        <Suspense fallback={null}>
          <ArticleBookingForm path={location.pathname} headline={headline} description={description} />
        </Suspense>
      )}
    />
  );
}
