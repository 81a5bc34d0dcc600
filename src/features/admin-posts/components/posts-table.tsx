import { Box, Button, Card, Container, Flex, Heading, HStack, IconButton, Input, InputGroup, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { AppLink } from "@/components/app-link";
import { useLocale } from "@/lib/i18n/locale-context";
import type { AdminPostSummary } from "../schemas/post";
import { PopularBadge, StatusBadge, useOptionLabels } from "./post-labels";

export interface PostsTableProps {
  status: "loading" | "failed" | "ready";
  /** Posts after the search filter. */
  posts: AdminPostSummary[];
  /** Whether there are posts at all (to choose between the two empty texts). */
  hasAny: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  onDelete: (post: AdminPostSummary) => void;
  onRetry?: () => void;
}

/** The posts table (docs/product.md#admin-posts). */
export function PostsTable({ status, posts, hasAny, search, onSearchChange, onDelete, onRetry }: PostsTableProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const labels = useOptionLabels();
  const date = new Intl.DateTimeFormat(intl, { dateStyle: "medium" });

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Flex gap="4" justify="space-between" align={{ base: "start", md: "center" }} direction={{ base: "column", md: "row" }}>
          <Heading as="h1" fontSize="3xl">
            <Trans>Manage Posts</Trans>
          </Heading>
          <Button asChild type={undefined} colorPalette="brand">
            <AppLink to="/admin/posts/new" _hover={{ textDecoration: "none" }}>
              <Plus aria-hidden="true" />
              <Trans>New Post</Trans>
            </AppLink>
          </Button>
        </Flex>

        <InputGroup startElement={<Search aria-hidden="true" size={16} />} maxW="md">
          <Input
            type="search"
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            placeholder={t`Search by title, category or country`}
            aria-label={t`Search posts`}
            bg="bg"
          />
        </InputGroup>

        <Card.Root overflow="hidden">
          {status === "loading" ? (
            <Flex justify="center" py="16" role="status">
              <Spinner color="brand.solid" size="lg" />
              <Box srOnly>
                <Trans>Loading posts…</Trans>
              </Box>
            </Flex>
          ) : status === "failed" ? (
            <Stack align="center" py="12" gap="3" role="alert">
              <Text fontWeight="600">
                <Trans>Failed to load blog posts</Trans>
              </Text>
              <Text color="fg.muted">
                <Trans>Please try again later.</Trans>
              </Text>
              {onRetry ? (
                <Button variant="outline" size="sm" onClick={onRetry}>
                  <Trans>Try again</Trans>
                </Button>
              ) : null}
            </Stack>
          ) : posts.length === 0 ? (
            <Stack align="center" py="12" gap="4">
              <Text color="fg.muted">{hasAny ? <Trans>No posts match your search.</Trans> : <Trans>No posts yet.</Trans>}</Text>
              {hasAny ? null : (
                <Button asChild type={undefined} colorPalette="brand">
                  <AppLink to="/admin/posts/new" _hover={{ textDecoration: "none" }}>
                    <Plus aria-hidden="true" />
                    <Trans>Create your first post</Trans>
                  </AppLink>
                </Button>
              )}
            </Stack>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="md" interactive>
                <Table.Caption srOnly>
                  <Trans>Blog posts</Trans>
                </Table.Caption>
                <Table.Header>
                  <Table.Row bg="bg.subtle">
                    <Table.ColumnHeader>
                      <Trans>Title</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Category</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Country</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Status</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Created</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Actions</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {posts.map((p) => {
                    const postTitle = p.title;
                    return (
                    <Table.Row key={p.id}>
                      <Table.Cell maxW="md">
                        <HStack gap="2">
                          <Text fontWeight="600" dir="auto">
                            {p.title}
                          </Text>
                          {p.is_popular ? <PopularBadge /> : null}
                        </HStack>
                        <Text fontSize="sm" color="fg.muted" lineClamp={2} dir="auto" textAlign="start">
                          {p.excerpt}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>{labels.category(p.category)}</Table.Cell>
                      <Table.Cell>{labels.country(p.country)}</Table.Cell>
                      <Table.Cell>
                        <StatusBadge published={p.published} />
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{date.format(new Date(p.created_at))}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="1" justify="end">
                          {p.published ? (
                            <IconButton asChild type={undefined} variant="ghost" size="sm" aria-label={t`View live: ${postTitle}`}>
                              <AppLink to={`/blog/${encodeURIComponent(p.slug)}`} target="_blank" rel="noopener">
                                <ExternalLink aria-hidden="true" />
                              </AppLink>
                            </IconButton>
                          ) : null}
                          <IconButton asChild type={undefined} variant="ghost" size="sm" aria-label={t`Edit: ${postTitle}`}>
                            <AppLink to={`/admin/posts/${p.id}/edit`}>
                              <Pencil aria-hidden="true" />
                            </AppLink>
                          </IconButton>
                          <IconButton variant="ghost" size="sm" colorPalette="red" aria-label={t`Delete: ${postTitle}`} onClick={() => onDelete(p)}>
                            <Trash2 aria-hidden="true" />
                          </IconButton>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Card.Root>
      </Stack>
    </Container>
  );
}
