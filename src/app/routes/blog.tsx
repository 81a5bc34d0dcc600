import { Container, Stack } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { AppLink } from "@/components/app-link";
import { PageHeader } from "@/components/layout/page-header";
import { type BlogPostSummary, listPublishedPosts } from "@/features/blog/api/list-published-posts";
import { BlogFilters } from "@/features/blog/components/blog-filters";
import { ArticleLoading } from "@/features/blog/components/article-loading";
import { type BlogListState, BlogPostList } from "@/features/blog/components/blog-post-list";
import { type BlogQuery, blogQueryToSearch, isFiltered, listOptionsFor, parseBlogQuery, withBlogQuery } from "@/features/blog/lib/blog-query";
import { useLocale } from "@/lib/i18n/locale-context";
import { serverSupabase } from "../supabase.server";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/blog";

export interface BlogLoaderData {
  query: BlogQuery;
  posts: BlogPostSummary[] | null;
}

/** Published posts for the URL's search and filters; a failed call renders the error state (503). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseBlogQuery(new URL(request.url).searchParams);
  try {
    const posts = await listPublishedPosts(serverSupabase(context.server), listOptionsFor(query));
    return data<BlogLoaderData>({ query, posts }, { headers: { "Cache-Control": "no-cache" } });
  } catch (error) {
    console.error("[blog] list failed:", error instanceof Error ? error.message : error);
    return data<BlogLoaderData>({ query, posts: null }, { status: 503, headers: { "Retry-After": "30" } });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", href: "/rss.xml", title: "RSS" },
];

export const meta: Route.MetaFunction = (args) => {
  return routeMeta(args, {
    title: msg`Real-estate sales insights`,
    description: msg`Practical guides on lead follow-up, AI automation and the property markets of the UAE and Canada.`,
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { query, posts } = loaderData;
  const { href } = useLocale();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const action = href("/blog");

  // Opening an article from the list: 'Loading article...' while its loader runs.
  if (navigation.state === "loading" && navigation.location.pathname.startsWith(`${action}/`)) return <ArticleLoading />;

  const loading =
    (navigation.state === "loading" && navigation.location.pathname === action) || revalidator.state === "loading";
  const state: BlogListState = loading
    ? { status: "loading" }
    : posts === null
      ? { status: "error" }
      : { status: "ready", posts };

  const search = (q: string) =>
    navigate(`${action}${blogQueryToSearch(withBlogQuery(query, { q: q.trim() }))}`, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader
        title={<Trans>Real-estate sales insights</Trans>}
        description={
          <Trans>Practical guides on lead follow-up, AI automation and the property markets of the UAE and Canada.</Trans>
        }
      >
        <Stack mt="8">
          <BlogFilters query={query} action={action} onSearch={search} />
        </Stack>
      </PageHeader>
      <Container maxW="6xl" py={{ base: "8", md: "12" }}>
        <BlogPostList
          state={state}
          onRetry={() => revalidator.revalidate()}
          retryHref={`${location.pathname}${location.search}`}
          emptyAction={
            isFiltered(query) ? (
              <AppLink to="/blog" color="brand.fg" fontWeight="600">
                <Trans>Clear search and filters</Trans>
              </AppLink>
            ) : null
          }
        />
      </Container>
    </>
  );
}
