import { Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowRight, Newspaper } from "lucide-react";
import { useState } from "react";
import { AppLink } from "@/components/app-link";
import { CategoryText, ReadTime, contentProps } from "@/components/content-text";
import { DirectionalIcon } from "@/components/directional-icon";
import { Section } from "@/components/marketing/section";
import { useLocale } from "@/lib/i18n/locale-context";

/** What a teaser card shows (a subset of the blog's post summary). */
export interface TeaserPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  read_time: string;
  is_popular: boolean;
  /** When the post went live. */
  published_at: string;
}

interface BlogTeaserProps {
  /** Newest published posts; null when they could not be loaded. */
  recent: readonly TeaserPost[] | null;
  /** Newest popular posts; null when they could not be loaded. */
  popular: readonly TeaserPost[] | null;
  /** Which chip starts selected (stories). */
  initialFilter?: "recent" | "popular";
}

function TeaserCard({ post }: { post: TeaserPost }) {
  const { intl } = useLocale();
  const date = new Intl.DateTimeFormat(intl, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(post.published_at),
  );
  return (
    <Stack
      as="article"
      layerStyle="panel"
      shadow="xs"
      _hover={{ shadow: "md" }}
      transition="box-shadow 0.2s"
      position="relative"
      h="full"
      p="6"
      gap="3"
    >
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette="brand" variant="subtle">
          <CategoryText value={post.category} />
        </Badge>
        {post.is_popular ? (
          <Badge colorPalette="sand" variant="subtle">
            <Trans>Popular</Trans>
          </Badge>
        ) : null}
      </HStack>
      <Heading as="h3" fontSize="lg" lineHeight="1.35" color="brand.950" {...contentProps(post.title)}>
        <AppLink to={`/blog/${post.slug}`} color="inherit" _after={{ content: '""', position: "absolute", inset: "0" }}>
          {post.title}
        </AppLink>
      </Heading>
      <Text color="fg.muted" fontSize="sm" lineClamp={3} flex="1" {...contentProps(post.excerpt)}>
        {post.excerpt}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        <time dateTime={post.published_at}>{date}</time> · <ReadTime value={post.read_time} />
      </Text>
    </Stack>
  );
}

/**
 * The latest articles on the landing page, with the chips Recently Added (all) and Most Popular
 * (only popular), and a link to the blog. Posts come from the page's loader, rendered on the server;
 * when the database is unreachable it says so and still links to the blog.
 */
export function BlogTeaser({ recent, popular, initialFilter = "recent" }: BlogTeaserProps) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<"recent" | "popular">(initialFilter);
  const posts = filter === "recent" ? recent : popular;
  const chips = [
    { value: "recent" as const, label: t`Recently Added` },
    { value: "popular" as const, label: t`Most Popular` },
  ];
  return (
    <Section
      id="blog"
      bg="bg.subtle"
      eyebrow={t`From the blog`}
      title={t`Insights for real-estate teams in the UAE and Canada`}
      description={t`Follow-up playbooks, market notes and what is working for top brokerages right now.`}
    >
      <Flex justify="space-between" align={{ base: "stretch", sm: "center" }} direction={{ base: "column", sm: "row" }} gap="4" mb="6">
        <HStack role="group" aria-label={t`Filter articles`} gap="2">
          {chips.map((c) => (
            <Button
              key={c.value}
              size="sm"
              rounded="full"
              variant={filter === c.value ? "solid" : "outline"}
              colorPalette="brand"
              aria-pressed={filter === c.value}
              onClick={() => setFilter(c.value)}
            >
              {c.label}
            </Button>
          ))}
        </HStack>
        <AppLink to="/blog" fontWeight="700" color="brand.700" display="inline-flex" alignItems="center" gap="1">
          <Trans>View all articles</Trans>
          <DirectionalIcon boxSize="4">
            <ArrowRight />
          </DirectionalIcon>
        </AppLink>
      </Flex>
      <Box aria-live="polite">
        {posts === null ? (
          <Stack align="center" textAlign="center" py="10" gap="2" bg="bg" rounded="2xl" borderWidth="1px" borderColor="border">
            <Newspaper aria-hidden="true" />
            <Text fontWeight="700">
              <Trans>Failed to load blog posts</Trans>
            </Text>
            <Text color="fg.muted">
              <Trans>Please try again later.</Trans>
            </Text>
          </Stack>
        ) : posts.length === 0 ? (
          <Stack align="center" textAlign="center" py="10" gap="2" bg="bg" rounded="2xl" borderWidth="1px" borderColor="border">
            <Newspaper aria-hidden="true" />
            <Text color="fg.muted">
              {filter === "popular" ? (
                <Trans>No popular articles yet. Have a look at the latest ones.</Trans>
              ) : (
                <Trans>New articles are on their way. Check back soon.</Trans>
              )}
            </Text>
          </Stack>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="5">
            {posts.map((p) => (
              <li key={p.id}>
                <TeaserCard post={p} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Box>
    </Section>
  );
}
