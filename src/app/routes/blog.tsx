import { Container, Stack } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, redirect, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { AppLink } from "@/components/app-link";
import { PageHeader } from "@/components/layout/page-header";
import { Pagination } from "@/components/pagination";
import { BLOG_PAGE_SIZE, type BlogPostSummary, listPublishedPostsPage } from "@/features/blog/api/list-published-posts";
import { BlogFilters } from "@/features/blog/components/blog-filters";
import { ArticleLoading } from "@/features/blog/components/article-loading";
import { type BlogListState, BlogPostList } from "@/features/blog/components/blog-post-list";
import {
  type BlogQuery,
  blogQueryToSearch,
  isFiltered,
  listOptionsFor,
  parseBlogQuery,
  withBlogQuery,
} from "@/features/blog/lib/blog-query";
import { type LocaleAlternates, localeFromPath, localeNames, localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { pageCount, parsePageParam } from "@/lib/paging";
import { serverSupabase } from "../supabase.server";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/blog";

export interface BlogLoaderData {
  query: BlogQuery;
  /**
   * Past page 1, the other language's list (page 1, same search) for the language toggle: its page of the
   * same number may not exist (the languages have different numbers of posts).
   */
  localeAlternates?: LocaleAlternates;
  /** The page shown (1-based) and how many there are for this query. */
  page: number;
  pageCount: number;
  /** How many published posts match the query, all pages together. */
  total: number;
  posts: BlogPostSummary[] | null;
}

/**
 * One page (12 posts) of the published posts in the URL's language for its search and filters, read on the server
 * with a true count. `?page=` that is not a whole number from 1 up, or is `1` (page 1 has no
 * parameter), answers 301 to the same address without it; a page past the last answers 302 to the
 * last page (the posts may come back, so not permanent). A failed call renders the error state (503).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseBlogQuery(url.searchParams);
  const page = parsePageParam(url.searchParams);
  if (page === null || url.searchParams.get("page") === "1") {
    url.searchParams.delete("page");
    throw redirect(`${url.pathname}${url.search}`, 301);
  }
  try {
    // Each language's blog lists the posts written in it (docs/product.md#blog).
    const language = localeFromPath(url.pathname);
    const { posts, total } = await listPublishedPostsPage(serverSupabase(context.server), {
      ...listOptionsFor(query),
      language,
      page,
      pageSize: BLOG_PAGE_SIZE,
    });
    const pages = pageCount(total, BLOG_PAGE_SIZE);
    if (page > pages) throw redirect(`${url.pathname}${blogQueryToSearch(query, pages)}`, 302);
    return data<BlogLoaderData>(
      { query, page, pageCount: pages, total, posts, ...(page > 1 ? { localeAlternates: listAlternates(language, query, page) } : {}) },
      { headers: { "Cache-Control": "no-cache" } },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[blog] list failed:", error instanceof Error ? error.message : error);
    return data<BlogLoaderData>({ query, page, pageCount: 1, total: 0, posts: null }, { status: 503, headers: { "Retry-After": "30" } });
  }
}

/** This list page in its language, and the other language's list at page 1 (same search and filters). */
function listAlternates(language: "ar" | "en", query: BlogQuery, page: number): LocaleAlternates {
  const other = language === "ar" ? "en" : "ar";
  return {
    [language]: `${localizePath("/blog", language)}${blogQueryToSearch(query, page)}`,
    [other]: `${localizePath("/blog", other)}${blogQueryToSearch(query, 1)}`,
  };
}

/** A search, a filter or "Most Recent" (the plain list in other words): not indexed, canonical to the plain list. */
const isListVariant = (query: BlogQuery) => isFiltered(query) || query.filter !== "all";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Each language's feed (RSS) of its own posts, named by its language (no hreflang: that names translations of this page). */
export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", href: "/rss.xml", title: localeNames.ar },
  { rel: "alternate", type: "application/rss+xml", href: "/en/rss.xml", title: localeNames.en },
];

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData as BlogLoaderData | undefined;
  const page = d?.page ?? 1;
  const query = d?.query;
  const title = page > 1 ? msg`Real-estate sales insights, page ${page}` : msg`Real-estate sales insights`;
  const description = msg`Practical guides on lead follow-up, AI automation and the property markets of the UAE and Canada.`;
  // Each page is its own canonical address; prev/next tell crawlers the sequence.
  const search = query ? blogQueryToSearch(query, page) : "";
  // A search or filtered list: noindex (its links are followed), canonical to the plain list, no alternates.
  if (query && isListVariant(query)) {
    return routeMeta(args, { search, canonicalSearch: "", noindex: "follow", alternates: false, title, description });
  }
  const sequence = query
    ? {
        prev: page > 1 ? blogQueryToSearch(query, page - 1) : null,
        next: d && page < d.pageCount ? blogQueryToSearch(query, page + 1) : null,
      }
    : undefined;
  return routeMeta(args, {
    search,
    sequence,
    // Past page 1 the other language's alternate is its list's first page (see `listAlternates`).
    ...(d?.localeAlternates ? { alternates: d.localeAlternates } : {}),
    title,
    description,
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { query, posts, page, pageCount: pages, total } = loaderData;
  const { href, intl } = useLocale();
  const { t } = useLingui();
  // "Articles 13–24 of 10,000", numbers in the page's language.
  const nf = new Intl.NumberFormat(intl);
  const from = nf.format((page - 1) * BLOG_PAGE_SIZE + 1);
  const to = nf.format((page - 1) * BLOG_PAGE_SIZE + (posts?.length ?? 0));
  const of = nf.format(total);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const action = href("/blog");

  // Opening an article from the list: 'Loading article...' while its loader runs.
  if (navigation.state === "loading" && navigation.location.pathname.startsWith(`${action}/`)) return <ArticleLoading />;

  const loading = (navigation.state === "loading" && navigation.location.pathname === action) || revalidator.state === "loading";
  const state: BlogListState = loading ? { status: "loading" } : posts === null ? { status: "error" } : { status: "ready", posts };

  const search = (q: string) =>
    navigate(`${action}${blogQueryToSearch(withBlogQuery(query, { q: q.trim() }))}`, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader
        title={<Trans>Real-estate sales insights</Trans>}
        description={<Trans>Practical guides on lead follow-up, AI automation and the property markets of the UAE and Canada.</Trans>}
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
          footer={
            posts && posts.length > 0 ? (
              <Pagination
                page={page}
                pageCount={pages}
                hrefFor={(n) => `${action}${blogQueryToSearch(query, n)}`}
                label={t`Blog pages`}
                summary={t`Articles ${from}–${to} of ${of}`}
              />
            ) : null
          }
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
