import { Alert, Box, Button, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { RotateCw, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import type { BlogPostSummary } from "../api/list-published-posts";
import { BlogPostCard } from "./blog-post-card";

export type BlogListState = { status: "loading" } | { status: "error" } | { status: "ready"; posts: readonly BlogPostSummary[] };

interface BlogPostListProps {
  state: BlogListState;
  /** Retry after an error on the client (takes over the link's click once hydrated) … */
  onRetry?: () => void;
  /** … and the link it enhances (reloads the page without JavaScript). */
  retryHref?: string;
  /** Rendered under the empty message (e.g. a "clear filters" link). */
  emptyAction?: ReactNode;
  /** Rendered under the cards (the page links). */
  footer?: ReactNode;
}

function BlogListLoading() {
  return (
    <Stack role="status" align="center" py="16" gap="3" color="fg.muted">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" />
      <Text>
        <Trans>Loading...</Trans>
      </Text>
    </Stack>
  );
}

function BlogListError({ onRetry, retryHref }: Pick<BlogPostListProps, "onRetry" | "retryHref">) {
  const label = <Trans>Try again</Trans>;
  return (
    <Alert.Root status="error" rounded="card" py="5" alignItems="center" flexWrap="wrap" gap="4">
      <Alert.Indicator />
      <Alert.Content flex="1" minW="48">
        <Alert.Title fontSize="md">
          <Trans>Failed to load blog posts</Trans>
        </Alert.Title>
        <Alert.Description>
          <Trans>Please try again later.</Trans>
        </Alert.Description>
      </Alert.Content>
      {retryHref || onRetry ? (
        <Button asChild type={undefined} colorPalette="red" variant="outline" size="sm">
          <a
            href={retryHref ?? "#"}
            onClick={
              onRetry
                ? (e) => {
                    e.preventDefault();
                    onRetry();
                  }
                : undefined
            }
          >
            <RotateCw aria-hidden="true" />
            {label}
          </a>
        </Button>
      ) : null}
    </Alert.Root>
  );
}

function BlogListEmpty({ action }: { action?: ReactNode }) {
  return (
    <Stack align="center" py="16" gap="3" textAlign="center" color="fg.muted">
      <SearchX aria-hidden="true" size={40} strokeWidth={1.5} />
      <Text fontSize="lg">
        <Trans>No articles found matching your search criteria.</Trans>
      </Text>
      {action}
    </Stack>
  );
}

/**
 * What the live search shows in place of the results when its request fails (offline, server down), so a
 * new query never sits above the previous query's results or "No articles found…". Hidden in the page;
 * src/app/islands/live-search.ts copies it into the results region (it is outside that region, so it is
 * still there for the next failure).
 */
function BlogSearchFailed() {
  return (
    <Box hidden data-live-search-error="blog-results">
      <Alert.Root status="error" rounded="card" py="5">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title fontSize="md">
            <Trans>We could not search right now.</Trans>
          </Alert.Title>
          <Alert.Description>
            <Trans>Check your connection, then press Enter to search again.</Trans>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Box>
  );
}

/** The grid of post cards, or its loading, error or empty state (docs/product.md#blog). */
export function BlogPostList(props: BlogPostListProps) {
  return (
    <>
      <BlogResults {...props} />
      <BlogSearchFailed />
    </>
  );
}

function BlogResults({ state, onRetry, retryHref, emptyAction, footer }: BlogPostListProps) {
  return (
    // data-swap: the live search of a page in islands mode replaces what is inside (src/app/islands/live-search.ts),
    // dimming the current results meanwhile (data-refreshing; the loading state has its own skeleton).
    <Box
      aria-live="polite"
      aria-busy={state.status === "loading"}
      data-swap="blog-results"
      css={{ "&[data-refreshing]": { opacity: 0.6 } }}
    >
      {state.status === "loading" ? (
        <BlogListLoading />
      ) : state.status === "error" ? (
        <BlogListError onRetry={onRetry} retryHref={retryHref} />
      ) : state.posts.length === 0 ? (
        <BlogListEmpty action={emptyAction} />
      ) : (
        <Stack gap="10">
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
            {state.posts.map((post, i) => (
              <li key={post.id}>
                <BlogPostCard post={post} imagePriority={i === 0} />
              </li>
            ))}
          </SimpleGrid>
          {footer}
        </Stack>
      )}
    </Box>
  );
}
