import { AspectRatio, Badge, Box, HStack, Heading, LinkBox, LinkOverlay, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Clock, Newspaper, Star } from "lucide-react";
import { ReadTime } from "@/components/content-text";
import { FallbackImage } from "@/components/fallback-image";
import { PageLink } from "@/components/navigation";
import { useLocale } from "@/lib/i18n/locale-context";
import { CARD_IMAGE, responsiveImage } from "@/lib/responsive-image";
import type { BlogPostSummary } from "../api/list-published-posts";
import { categoryLabel, formatPostDate, isArabicText, safeImageUrl } from "../lib/labels";

interface BlogPostCardProps {
  post: BlogPostSummary;
  /** Heading level of the title inside the page (2 on the blog list). */
  headingLevel?: "h2" | "h3";
  /** The first card of a list: its image may be the page's largest paint, so it loads at once. */
  imagePriority?: boolean;
}

/** The designed stand-in for a post without a hero image: brand gradient, pattern and category. */
export function PostImagePlaceholder({ category }: { category: string }) {
  const { i18n } = useLingui();
  const label = categoryLabel(category);
  return (
    <Box
      aria-hidden="true"
      position="relative"
      w="full"
      h="full"
      bgGradient="to-br"
      gradientFrom="brand.700"
      gradientTo="brand.950"
      color="white"
      overflow="hidden"
      display="grid"
      placeItems="center"
    >
      <Box
        position="absolute"
        inset="0"
        opacity="0.18"
        backgroundImage="radial-gradient(circle at 1px 1px, white 1px, transparent 0)"
        backgroundSize="18px 18px"
      />
      <Box position="absolute" insetEnd="-10" bottom="-14" boxSize="40" rounded="full" bg="sand.400" opacity="0.25" />
      <Stack align="center" gap="2" position="relative">
        <Newspaper size={36} strokeWidth={1.5} />
        <Text fontSize="sm" fontWeight="600" letterSpacing="wide">
          {typeof label === "string" ? label : i18n._(label)}
        </Text>
      </Stack>
    </Box>
  );
}

export function PopularBadge() {
  return (
    <Badge colorPalette="sand" variant="solid" rounded="pill" gap="1">
      <Star aria-hidden="true" size={12} fill="currentColor" />
      <Trans>Popular</Trans>
    </Badge>
  );
}

export function CategoryBadge({ category }: { category: string }) {
  const { i18n } = useLingui();
  const label = categoryLabel(category);
  return (
    <Badge colorPalette="brand" variant="subtle" rounded="pill">
      {typeof label === "string" ? label : i18n._(label)}
    </Badge>
  );
}

/** A post on the blog list: image (or placeholder), category, Popular badge, title, excerpt, date, read time. */
export function BlogPostCard({ post, headingLevel = "h2", imagePriority = false }: BlogPostCardProps) {
  const { intl, href } = useLocale();
  const arabic = isArabicText(post.title);
  const image = safeImageUrl(post.hero_image_url);
  return (
    <LinkBox
      as="article"
      layerStyle="panel"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ shadow: "lg", transform: "translateY(-2px)" }}
      _focusWithin={{ shadow: "lg" }}
      display="flex"
      flexDirection="column"
      overflow="hidden"
      h="full"
    >
      <AspectRatio ratio={16 / 9} bg="bg.muted">
        {image ? (
          <FallbackImage
            {...responsiveImage(image, CARD_IMAGE)}
            alt=""
            loading={imagePriority ? "eager" : "lazy"}
            fetchPriority={imagePriority ? "high" : undefined}
            decoding="async"
            width={640}
            height={360}
            style={{ objectFit: "cover", width: "100%", height: "100%" }}
            fallback={<PostImagePlaceholder category={post.category} />}
          />
        ) : (
          <PostImagePlaceholder category={post.category} />
        )}
      </AspectRatio>
      <Stack gap="3" p="5" flex="1">
        <HStack gap="2" wrap="wrap">
          <CategoryBadge category={post.category} />
          {post.is_popular ? <PopularBadge /> : null}
        </HStack>
        <Heading as={headingLevel} fontSize="lg" lineHeight="1.4" fontWeight="700" lang={arabic ? "ar" : "en"} dir="auto">
          <LinkOverlay asChild _hover={{ color: "brand.fg" }}>
            <PageLink to={href(`/blog/${encodeURIComponent(post.slug)}`)} prefetch="intent">
              {post.title}
            </PageLink>
          </LinkOverlay>
        </Heading>
        <Text color="fg.muted" fontSize="sm" lineClamp={3} lang={arabic ? "ar" : "en"} dir="auto">
          {post.excerpt}
        </Text>
        <HStack mt="auto" pt="2" gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
          <time dateTime={post.published_at ?? post.created_at}>{formatPostDate(post.published_at ?? post.created_at, intl)}</time>
          <Box as="span" aria-hidden="true">
            ·
          </Box>
          <ReadTimeMeta value={post.read_time} />
        </HStack>
      </Stack>
    </LinkBox>
  );
}

/** A post's read time with a clock, in a line of the post's details (card, article header). */
export function ReadTimeMeta({ value, large = false }: { value: string; large?: boolean }) {
  return (
    <HStack as="span" gap={large ? "1.5" : "1"}>
      <Clock aria-hidden="true" size={large ? 16 : 14} />
      <span>
        <ReadTime value={value} />
      </span>
    </HStack>
  );
}
