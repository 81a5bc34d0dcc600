import { Box, Button, Container, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { AppLink } from "@/components/app-link";
import { BackLink } from "@/components/back-link";
import { DirectionalIcon } from "@/components/directional-icon";
import { ArticleContent } from "@/components/article-content";
import { FallbackImage } from "@/components/fallback-image";
import { useLocale } from "@/lib/i18n/locale-context";
import { ARTICLE_IMAGE, responsiveImage } from "@/lib/responsive-image";
import { useSiteConfig } from "@/lib/site-config-context";
import type { BlogPost } from "../api/get-published-post-by-slug";
import { ctaRegionOf } from "../lib/blog-query";
import { formatPostDate, isArabicText, safeImageUrl } from "../lib/labels";
import { CategoryBadge, PopularBadge, PostImagePlaceholder, ReadTimeMeta } from "./blog-post-card";

function BackToBlog() {
  return (
    <BackLink to="/blog" gap="2" color="brand.fg" fontWeight="600">
      <Trans>Back to Blog</Trans>
    </BackLink>
  );
}

interface ArticleViewProps {
  post: BlogPost;
  /** The post's content. */
  html: string;
  /**
   * Set only by the article route: its loader sanitises the content on the server for every request, so
   * the browser renders it as is and never loads DOMPurify. Anything else (stories, previews) is
   * sanitised in the browser (see ArticleContent).
   */
  serverSanitized?: boolean;
  /**
   * SLOT: the article's demo-booking form (the booking feature's ArticleBookingForm), composed by
   * the route module because features do not import each other. It receives the call-to-action
   * headline (UAE / Canada / global) and description to show above its fields.
   */
  renderBooking?: (cta: ArticleCta) => ReactNode;
}

/** One article (docs/product.md#article): header, hero image, content, call to action and booking. */
export function ArticleView({ post, html, serverSanitized = false, renderBooking }: ArticleViewProps) {
  const { intl } = useLocale();
  const arabic = isArabicText(post.title);
  const image = safeImageUrl(post.hero_image_url);
  const contentLang = arabic ? "ar" : "en";
  // The date it went live (a scheduled post written earlier shows its publish day).
  const published = post.published_at ?? post.created_at;
  return (
    <>
      <Box as="article" aria-labelledby="article-title">
        <Box bg="brand.subtle" borderBottomWidth="1px" borderColor="brand.muted">
          <Container maxW="3xl" pt={{ base: "6", md: "10" }} pb={{ base: "8", md: "12" }}>
            <Stack gap="5">
              <BackToBlog />
              <HStack gap="2" wrap="wrap">
                <CategoryBadge category={post.category} />
                {post.is_popular ? <PopularBadge /> : null}
              </HStack>
              <Heading
                as="h1"
                id="article-title"
                lang={contentLang}
                dir="auto"
                fontSize={{ base: "3xl", md: "5xl" }}
                lineHeight="1.2"
                fontWeight="800"
                color="brand.950"
              >
                {post.title}
              </Heading>
              <Text fontSize={{ base: "md", md: "lg" }} color="fg.muted" lang={contentLang} dir="auto">
                {post.excerpt}
              </Text>
              <HStack gap="4" color="fg.muted" fontSize="sm" wrap="wrap">
                <HStack as="span" gap="1.5">
                  <CalendarDays aria-hidden="true" size={16} />
                  <time dateTime={published}>{formatPostDate(published, intl)}</time>
                </HStack>
                <ReadTimeMeta value={post.read_time} large />
              </HStack>
            </Stack>
          </Container>
        </Box>
        <Container maxW="3xl" py={{ base: "8", md: "12" }}>
          <Box rounded="card" overflow="hidden" mb={{ base: "8", md: "10" }} aspectRatio={16 / 9} bg="bg.muted">
            {image ? (
              <FallbackImage
                {...responsiveImage(image, ARTICLE_IMAGE)}
                alt={post.hero_image_alt ?? ""}
                lang={post.language}
                width={1200}
                height={675}
                loading="eager"
                fetchPriority="high"
                decoding="async"
                style={{ objectFit: "cover", width: "100%", height: "100%", display: "block" }}
                fallback={<PostImagePlaceholder category={post.category} />}
              />
            ) : (
              <PostImagePlaceholder category={post.category} />
            )}
          </Box>
          <ArticleContent html={html} lang={contentLang} serverSanitized={serverSanitized} />
        </Container>
      </Box>
      <ArticleCallToAction post={post} renderBooking={renderBooking} />
    </>
  );
}

/** The call-to-action headline under an article, naming the UAE, Canada or the world (docs/product.md#article). */
export function ArticleCtaHeadline({ post }: { post: Pick<BlogPost, "category" | "country"> }) {
  const region = ctaRegionOf(post);
  if (region === "uae") return <Trans>Ready to answer every UAE property lead in seconds?</Trans>;
  if (region === "canada") return <Trans>Ready to answer every Canadian property lead in seconds?</Trans>;
  return <Trans>Ready to answer every property lead in seconds, wherever you sell?</Trans>;
}

export function ArticleCtaDescription() {
  const { locale } = useLocale();
  const name = useSiteConfig().name[locale];
  return <Trans>Book a free 30-minute demo and see how {name} follows up with your buyers and tenants.</Trans>;
}

interface ArticleCta {
  headline: ReactNode;
  description: ReactNode;
}

/**
 * Under the article: the booking form given by the route (which receives the headline and
 * description to show), or, without one, the headline on its own.
 */
function ArticleCallToAction({
  post,
  renderBooking,
}: {
  post: Pick<BlogPost, "category" | "country">;
  renderBooking?: (cta: ArticleCta) => ReactNode;
}) {
  const cta: ArticleCta = { headline: <ArticleCtaHeadline post={post} />, description: <ArticleCtaDescription /> };
  return (
    <Box bg="bg.subtle" borderTopWidth="1px" borderColor="border">
      <Container maxW="3xl" py={{ base: "10", md: "14" }}>
        {renderBooking ? (
          renderBooking(cta)
        ) : (
          <Stack as="section" aria-labelledby="article-cta" gap="3" textAlign="center" align="center">
            <Heading as="h2" id="article-cta" fontSize={{ base: "2xl", md: "3xl" }} fontWeight="800" color="brand.950">
              {cta.headline}
            </Heading>
            <Text color="fg.muted" maxW="xl">
              {cta.description}
            </Text>
          </Stack>
        )}
      </Container>
    </Box>
  );
}

/** Unknown or unpublished slug, or a failed load (docs/product.md#article). */
export function ArticleNotFound({ error }: { error?: "load-failed" }) {
  const { t } = useLingui();
  return (
    <Container maxW="2xl" py={{ base: "20", md: "28" }} textAlign="center">
      <Stack gap="5" align="center">
        <Heading as="h1" fontSize={{ base: "2xl", md: "4xl" }} fontWeight="800">
          <Trans>Article Not Found</Trans>
        </Heading>
        <Text color="fg.muted">
          {error === "load-failed" ? t`Failed to load blog post` : t`The article you are looking for does not exist.`}
        </Text>
        <Button asChild type={undefined} colorPalette="brand" rounded="pill">
          <AppLink to="/blog" _hover={{ textDecoration: "none" }}>
            <DirectionalIcon boxSize="4">
              <ArrowLeft />
            </DirectionalIcon>
            <Trans>Back to Blog</Trans>
          </AppLink>
        </Button>
      </Stack>
    </Container>
  );
}

/** Re-exported for callers that already import the view. */
export { ArticleLoading } from "./article-loading";
export { ArticleContent };
