import { Box, Card, type CardRootProps, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { contentProps } from "@/components/content-text";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink, FileText, ListChecks, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { AppLink } from "@/components/app-link";
import { ButtonLink } from "@/components/button-link";
import { AdminScreen } from "@/components/layout/screen-header";
import { type AdminPostSummary, postStatus } from "../schemas/post";
import { StatusBadge, useOptionLabels } from "./post-labels";

/** docs/product.md#dashboard: published counts only posts live now; scheduled ones are apart. */
export interface PostCounts {
  total: number;
  published: number;
  scheduled: number;
  drafts: number;
}

interface DashboardProps {
  email: string;
  /** null while loading. */
  counts: PostCounts | null;
  /** The five most recent posts; null while loading. */
  recent: AdminPostSummary[] | null;
  failed?: boolean;
  /** Extra cards (the leads count from the inbox feature). */
  extra?: ReactNode;
}

function StatCard({ label, value }: { label: ReactNode; value: number | null }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text color="fg.muted" fontSize="sm" fontWeight="600">
          {label}
        </Text>
        {value === null ? (
          <Skeleton h="9" w="16" />
        ) : (
          <Text fontSize="3xl" fontWeight="800" lineHeight="1.2">
            {value}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The admin dashboard (docs/product.md#admin-posts). */
export function Dashboard({ email, counts, recent, failed = false, extra }: DashboardProps) {
  const labels = useOptionLabels();
  const { t } = useLingui();
  return (
    <AdminScreen
      gap="8"
      title={<Trans>Dashboard</Trans>}
      description={
        <Trans>
          Welcome, <bdi>{email}</bdi>
        </Trans>
      }
      actions={
        <ButtonLink to="/admin/posts" colorPalette="brand">
          <ListChecks aria-hidden="true" />
          <Trans>Manage Posts</Trans>
        </ButtonLink>
      }
    >
      {failed ? (
        <Text role="alert" color="red.700">
          <Trans>Failed to load the dashboard. Please try again later.</Trans>
        </Text>
      ) : null}

      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: extra ? 5 : 4 }} gap="4">
        <StatCard label={<Trans>Total Posts</Trans>} value={counts?.total ?? null} />
        <StatCard label={<Trans>Live now</Trans>} value={counts?.published ?? null} />
        <StatCard label={<Trans>Scheduled to go live</Trans>} value={counts?.scheduled ?? null} />
        <StatCard label={<Trans>Drafts</Trans>} value={counts?.drafts ?? null} />
        {extra}
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        <TitledCard title={<Trans>Quick actions</Trans>}>
          <Stack gap="3">
            <ButtonLink to="/admin/posts/new" variant="outline" justifyContent="start">
              <Plus aria-hidden="true" />
              <Trans>Create New Post</Trans>
            </ButtonLink>
            <ButtonLink to="/admin/posts" variant="outline" justifyContent="start">
              <FileText aria-hidden="true" />
              <Trans>Manage All Posts</Trans>
            </ButtonLink>
            <ButtonLink to="/blog" target="_blank" variant="outline" justifyContent="start">
              <ExternalLink aria-hidden="true" />
              <Trans>View Public Blog</Trans>
            </ButtonLink>
          </Stack>
        </TitledCard>

        <TitledCard gridColumn={{ lg: "span 2" }} title={<Trans>Recent posts</Trans>}>
          {recent === null ? (
            <Stack gap="3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h="10" />
              ))}
            </Stack>
          ) : recent.length === 0 ? (
            <Text color="fg.muted">
              <Trans>No posts yet.</Trans>
            </Text>
          ) : (
            <Stack as="ul" gap="0" listStyleType="none" ps="0">
              {recent.map((p) => {
                const postTitle = p.title;
                return (
                  <HStack
                    as="li"
                    key={p.id}
                    justify="space-between"
                    gap="4"
                    py="3"
                    borderBottomWidth="1px"
                    _last={{ borderBottomWidth: 0 }}
                  >
                    <Box minW="0">
                      {/* The title in its own direction and isolated (bdi): brackets in an Arabic title on the English dashboard stay in order. */}
                      <Text fontWeight="600" truncate {...contentProps(p.title)}>
                        <bdi>{p.title}</bdi>
                      </Text>
                      <HStack gap="2" mt="1">
                        <StatusBadge status={postStatus(p, Date.now())} />
                        <Text fontSize="sm" color="fg.muted">
                          {labels.category(p.category)}
                        </Text>
                      </HStack>
                    </Box>
                    <AppLink
                      to={`/admin/posts/${p.id}/edit`}
                      aria-label={t`Edit "${postTitle}"`}
                      fontWeight="600"
                      color="brand.fg"
                      flexShrink={0}
                    >
                      <Trans>Edit</Trans>
                    </AppLink>
                  </HStack>
                );
              })}
            </Stack>
          )}
        </TitledCard>
      </SimpleGrid>
    </AdminScreen>
  );
}

/** A dashboard card under its heading. */
function TitledCard({ title, children, ...props }: Omit<CardRootProps, "title"> & { title: ReactNode }) {
  return (
    <Card.Root {...props}>
      <Card.Header>
        <Heading as="h2" fontSize="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
