import { HStack, IconButton, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { DataTable } from "@/components/data/data-table";
import { type ListPaging, PagedListCard, shownRange } from "@/components/data/paged-list-card";
import { AppLink } from "@/components/app-link";
import { ButtonLink } from "@/components/button-link";
import { SearchFilter, SelectFilter } from "@/components/data/filter-fields";
import { AdminScreen } from "@/components/layout/screen-header";
import { localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { type AdminPostSummary, POST_LANGUAGES, type PostTranslation, postStatus } from "../schemas/post";
import { POST_STATUSES, type PostsTableQuery } from "../schemas/posts-query";
import { PopularBadge, StatusBadge, useLanguageLabel, useOptionLabels } from "./post-labels";
import { formatZoned, useStaffTimeZone } from "@/lib/staff-clock/staff-clock";

interface PostsTableProps {
  status: "loading" | "failed" | "ready";
  /** A new page or filter is loading (the current rows stay until it arrives). */
  busy?: boolean;
  /** The posts of this page. */
  posts: AdminPostSummary[];
  /** Each post's translation by the post's id. */
  translations: Record<string, PostTranslation>;
  query: PostsTableQuery;
  /** Which page of the matching posts this is (`total`: how many match, all pages together). */
  paging: ListPaging;
  /** The clock that tells scheduled from published. */
  now: number;
  onSearchChange: (value: string) => void;
  onFiltersChange: (filters: Partial<Pick<PostsTableQuery, "status" | "language" | "sort">>) => void;
  onDelete: (post: AdminPostSummary) => void;
  onRetry?: () => void;
}

/**
 * The posts table (docs/product.md#admin-posts, docs/admin-posts.md#table). On a phone the table
 * keeps its priority columns (title, status, actions); the others fold into a line under the title.
 */
export function PostsTable({
  status,
  busy = false,
  posts,
  translations,
  query,
  paging,
  now,
  onSearchChange,
  onFiltersChange,
  onDelete,
  onRetry,
}: PostsTableProps) {
  const { t } = useLingui();
  const { intl, locale } = useLocale();
  const labels = useOptionLabels();
  const languageLabel = useLanguageLabel();
  // Dates on the member's clock; a publishing time also says its zone (a post scheduled 09:05 Gulf time
  // reads "9:05 AM GST" in Dubai and "12:05 AM EST" in Toronto, never an unlabelled time).
  const timeZone = useStaffTimeZone();
  const date = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeZone });
  const dateTime = { format: (d: Date) => formatZoned(d, timeZone, locale) };
  const filtered = query.search.trim() !== "" || query.status !== "all" || query.language !== "all";
  const { total } = paging;
  const { first, last } = shownRange(paging, posts.length);
  const statusLabels = { draft: t`Drafts`, scheduled: t`Scheduled`, published: t`Published` } as const;

  return (
    <AdminScreen
      px={{ base: "3", md: "6" }}
      title={<Trans>Manage Posts</Trans>}
      actions={
        <ButtonLink to="/admin/posts/new" colorPalette="brand">
          <Plus aria-hidden="true" />
          <Trans>New Post</Trans>
        </ButtonLink>
      }
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" alignItems="end" role="search" aria-label={t`Find posts`}>
        <SearchFilter
          label={<Trans>Search posts</Trans>}
          value={query.search}
          onChange={onSearchChange}
          placeholder={t`Title, address, category or country`}
          bg="bg"
          gridColumn={{ sm: "span 2", lg: "span 1" }}
        />
        <SelectFilter label={<Trans>Status</Trans>} value={query.status} onChange={(status) => onFiltersChange({ status })} bg="bg">
          <option value="all">{t`All statuses`}</option>
          {POST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter label={<Trans>Language</Trans>} value={query.language} onChange={(language) => onFiltersChange({ language })} bg="bg">
          <option value="all">{t`All languages`}</option>
          {POST_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {languageLabel(l)}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter label={<Trans>Sort by</Trans>} value={query.sort} onChange={(sort) => onFiltersChange({ sort })} bg="bg">
          <option value="newest">{t`Newest first`}</option>
          <option value="oldest">{t`Oldest first`}</option>
          <option value="title">{t`Title (A to Z)`}</option>
          <option value="title-desc">{t`Title (Z to A)`}</option>
        </SelectFilter>
      </SimpleGrid>

      <PagedListCard
        status={status}
        busy={busy}
        paging={paging}
        pagesLabel={t`Post pages`}
        summary={t`Posts ${first}–${last} of ${total}`}
        loadingLabel={<Trans>Loading posts…</Trans>}
        failedTitle={<Trans>Failed to load blog posts</Trans>}
        onRetry={onRetry}
      >
        {posts.length === 0 ? (
          <Stack align="center" py="12" gap="4">
            <Text color="fg.muted">{filtered ? <Trans>No posts match your search.</Trans> : <Trans>No posts yet.</Trans>}</Text>
            {filtered ? null : (
              <ButtonLink to="/admin/posts/new" colorPalette="brand">
                <Plus aria-hidden="true" />
                <Trans>Create your first post</Trans>
              </ButtonLink>
            )}
          </Stack>
        ) : (
          <DataTable
            size={{ base: "sm", md: "md" }}
            interactive
            testId="posts-table"
            caption={<Trans>Blog posts</Trans>}
            headerBg="bg.subtle"
            columns={[
              { key: "title", label: <Trans>Title</Trans> },
              { key: "language", label: <Trans>Language</Trans>, hideBelow: "md" },
              { key: "translation", label: <Trans>Translation</Trans>, hideBelow: "lg" },
              { key: "category", label: <Trans>Category</Trans>, hideBelow: "lg" },
              { key: "country", label: <Trans>Country</Trans>, hideBelow: "lg" },
              { key: "status", label: <Trans>Status</Trans> },
              { key: "created", label: <Trans>Created</Trans>, hideBelow: "md" },
              { key: "actions", label: <Trans>Actions</Trans>, textAlign: "end" },
            ]}
            rows={posts}
            renderRow={(p) => {
              const postTitle = p.title;
              const state = postStatus(p, now);
              const translation = translations[p.id] ?? null;
              const category = labels.category(p.category);
              const country = labels.country(p.country);
              const language = languageLabel(p.language);
              return (
                <Table.Row key={p.id} data-testid="post-row">
                  <Table.Cell maxW="md" minW={{ base: "32", md: "56" }} whiteSpace="normal">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="600" dir="auto" lang={p.language} wordBreak="break-word">
                        {p.title}
                      </Text>
                      {p.is_popular ? <PopularBadge /> : null}
                    </HStack>
                    <Text fontSize="sm" color="fg.muted" lineClamp={2} dir="auto" lang={p.language} textAlign="start" hideBelow="md">
                      {p.excerpt}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" hideFrom="lg" mt="1">
                      {language} · {category} · {country}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{language}</Table.Cell>
                  <Table.Cell hideBelow="lg" whiteSpace="normal">
                    {translation ? (
                      <Stack gap="1" align="start">
                        <AppLink
                          to={`/admin/posts/${translation.id}/edit`}
                          fontSize="sm"
                          dir="auto"
                          lang={translation.language}
                          lineClamp={1}
                        >
                          {languageLabel(translation.language)}
                        </AppLink>
                        <StatusBadge status={postStatus(translation, now)} />
                      </Stack>
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        <Trans>Not translated</Trans>
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell hideBelow="lg">{category}</Table.Cell>
                  <Table.Cell hideBelow="lg">{country}</Table.Cell>
                  <Table.Cell whiteSpace="normal">
                    <Stack gap="1" align="start">
                      <StatusBadge status={state} />
                      {state === "scheduled" && p.published_at ? (
                        <Text fontSize="xs" color="fg.muted" whiteSpace={{ base: "normal", md: "nowrap" }}>
                          {dateTime.format(new Date(p.published_at))}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" hideBelow="md">
                    {date.format(new Date(p.created_at))}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="0" justify="end">
                      {state === "published" ? (
                        <IconButton asChild type={undefined} variant="ghost" size="sm" aria-label={t`View live: ${postTitle}`}>
                          <AppLink raw to={localizePath(`/blog/${encodeURIComponent(p.slug)}`, p.language)} target="_blank" rel="noopener">
                            <ExternalLink aria-hidden="true" />
                          </AppLink>
                        </IconButton>
                      ) : null}
                      <IconButton asChild type={undefined} variant="ghost" size="sm" aria-label={t`Edit: ${postTitle}`}>
                        <AppLink to={`/admin/posts/${p.id}/edit`}>
                          <Pencil aria-hidden="true" />
                        </AppLink>
                      </IconButton>
                      <IconButton
                        variant="ghost"
                        size="sm"
                        colorPalette="red"
                        aria-label={t`Delete: ${postTitle}`}
                        onClick={() => onDelete(p)}
                      >
                        <Trash2 aria-hidden="true" />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            }}
          />
        )}
      </PagedListCard>
    </AdminScreen>
  );
}
