import { msg } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import { getPreviewPost, isPlausiblePreviewToken } from "@/features/blog/api/get-preview-post";
import type { BlogPost } from "@/features/blog/api/get-published-post-by-slug";
import { ArticleView } from "@/features/blog/components/article-view";
import { PreviewBanner, PreviewUnavailable } from "@/features/blog/components/preview-banner";
import { localeFromPath, localizePath } from "@/lib/i18n/locale";
import { serverSanitizer } from "@/lib/sanitize.server";
import { siteConfigFromEnv } from "@/lib/site-config";
import { routeMeta } from "../route-meta";
import { serverSupabase } from "../supabase.server";
import type { Route } from "./+types/post-preview";

type PreviewLoaderData = { status: "ok"; post: BlogPost & { published: boolean } } | { status: "gone" } | { status: "error" };

/** Private: never stored by the page cache or a CDN (server/page-cache.ts skips `private, no-store`), never indexed. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

/**
 * A post's preview link (docs/admin-posts.md#preview): /preview/:token and /en/preview/:token show the
 * post as its public article would look, draft or not, to anyone with a live link, without an account.
 * The page is in the post's language (the other prefix redirects). An unknown, expired or revoked link
 * answers 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = params.token;
  if (!isPlausiblePreviewToken(token)) return data<PreviewLoaderData>({ status: "gone" }, { status: 404, headers: PRIVATE });
  const url = new URL(request.url);
  const env = context.server?.env ?? process.env;
  let post: Awaited<ReturnType<typeof getPreviewPost>>;
  try {
    post = await getPreviewPost(serverSupabase(context.server), token);
  } catch (error) {
    console.error("[preview] load failed:", error instanceof Error ? error.message : error);
    return data<PreviewLoaderData>({ status: "error" }, { status: 503, headers: { ...PRIVATE, "Retry-After": "30" } });
  }
  if (!post) return data<PreviewLoaderData>({ status: "gone" }, { status: 404, headers: PRIVATE });
  if (localeFromPath(url.pathname) !== post.language) {
    throw redirect(localizePath(`/preview/${token}`, post.language), { status: 302, headers: PRIVATE });
  }
  const sanitize = await serverSanitizer();
  const origin = siteConfigFromEnv(env).publicUrl ?? url.origin;
  return data<PreviewLoaderData>({ status: "ok", post: { ...post, content: sanitize(post.content, { origin }) } }, { headers: PRIVATE });
}

export function headers() {
  return PRIVATE;
}

export const meta: Route.MetaFunction = (args) => {
  const result = args.loaderData as PreviewLoaderData | undefined;
  if (result?.status !== "ok") {
    return routeMeta(args, { title: msg`Preview`, description: msg`A preview of an article.`, noindex: true, alternates: false });
  }
  return routeMeta(args, { title: result.post.title, description: result.post.excerpt, noindex: true, alternates: false });
};

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  if (loaderData.status !== "ok") return <PreviewUnavailable error={loaderData.status === "error"} />;
  const { post } = loaderData;
  return (
    <>
      <PreviewBanner published={post.published} />
      <ArticleView post={post} html={post.content} serverSanitized />
    </>
  );
}
