import { Box } from "@chakra-ui/react";
import { type ReactNode, Suspense } from "react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Section } from "@/components/marketing/section";
import { listPublishedPosts } from "@/features/blog/api/list-published-posts";
import { useDemoDialog } from "@/features/booking/components/demo-dialog-context";
import type { TeaserPost } from "@/features/landing/components/blog-teaser";
import { Hero } from "@/features/landing/components/hero";
import { faqContent } from "@/features/landing/content/faq-content";
import { HowItWorks } from "@/features/landing/components/how-it-works";
import { getI18n } from "@/lib/i18n/catalogs";
import { localeFromPath } from "@/lib/i18n/locale";
import { defaultSiteConfig } from "@/lib/site-config";
import { faqPageJsonLd } from "@/lib/structured-data";
import { island } from "../islands/island";
import { rootDataOf, routeMeta } from "../route-meta";
import { serverSupabase } from "../supabase.server";
import type { Route } from "./+types/home";

const TEASER_SIZE = 3;
/** The columns a teaser card shows: the landing page reads nothing else. */
const TEASER_COLUMNS = "id,slug,title,excerpt,category,read_time,is_popular,published_at,created_at";

/**
 * Only the hero is part of the page's initial JavaScript. The sections below it are islands: the server
 * renders them in full and their code loads when they come near the viewport (or get focus or a pointer),
 * then they hydrate; their HTML is in place from the first paint either way.
 */
const SalesLeadForm = island("sales-lead-form", { minH: "40rem", when: "visible" });
const Benefits = island("benefits", { when: "visible" });
const CrmIntegrations = island("crm-integrations", { when: "visible" });
const BlogTeaser = island("blog-teaser", { when: "visible" });
const Faq = island("faq", { when: "visible" });

function teaser(p: Omit<TeaserPost, "published_at"> & { published_at: string | null; created_at: string }): TeaserPost {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    category: p.category,
    read_time: p.read_time,
    is_popular: p.is_popular,
    published_at: p.published_at ?? p.created_at,
  };
}

/**
 * The blog teaser's posts, in the page's language, read on the server. A database failure must not take
 * the landing page down: the teaser then shows its error state.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const language = localeFromPath(new URL(request.url).pathname);
  let client;
  try {
    client = serverSupabase(context.server);
  } catch (e) {
    console.error("home: no database client", e);
    return { recent: null, popular: null };
  }
  const [recent, popular] = await Promise.allSettled([
    listPublishedPosts(client, { limit: TEASER_SIZE, language }, TEASER_COLUMNS),
    listPublishedPosts(client, { limit: TEASER_SIZE, popularOnly: true, language }, TEASER_COLUMNS),
  ]);
  for (const r of [recent, popular]) if (r.status === "rejected") console.error("home: blog teaser failed", r.reason);
  return {
    recent: recent.status === "fulfilled" ? recent.value.map(teaser) : null,
    popular: popular.status === "fulfilled" ? popular.value.map(teaser) : null,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const locale = localeFromPath(args.location.pathname);
  const i18n = getI18n(locale);
  const name = rootDataOf(args)?.site.name[locale] ?? defaultSiteConfig.name[locale];
  return routeMeta(args, {
    title: msg`AI sales follow-up for real-estate teams in the UAE and Canada`,
    description: ({ siteName }) =>
      msg`${siteName} answers every property enquiry in seconds on WhatsApp, calls and email, qualifies buyers and books viewings for your agents, in Arabic and English.`,
    extra: [
      {
        "script:ld+json": faqPageJsonLd(
          faqContent(name).map((f) => ({ question: i18n._(f.question), answer: i18n._(f.answer) })),
          { locale },
        ),
      },
    ],
  });
};

function LeadSection() {
  const { t } = useLingui();
  return (
    <Section
      id="talk-to-sales"
      eyebrow={t`Talk to sales`}
      title={t`See what your team would gain`}
      description={t`Tell us where you sell and when to call. A specialist who knows your market will get back to you within 24 hours.`}
    >
      <Box bg="bg" borderWidth="1px" borderColor="border" rounded="2xl" p={{ base: "5", md: "8" }} shadow="sm" maxW="4xl">
        <SalesLeadForm variant="landing" />
      </Box>
    </Section>
  );
}

/**
 * A hydration boundary: React hydrates each one on its own, in short tasks after the page shell, instead
 * of the whole landing page in one go (long tasks that would delay a phone's first tap). Nothing inside
 * suspends, so the server sends the section in place.
 */
function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const dialog = useDemoDialog();
  return (
    <>
      <Hero onBookDemo={dialog.open} onPreloadDemo={dialog.preload} />
      <HydrationBoundary>
        <HowItWorks />
      </HydrationBoundary>
      <HydrationBoundary>
        <Benefits />
      </HydrationBoundary>
      <HydrationBoundary>
        <CrmIntegrations />
      </HydrationBoundary>
      <HydrationBoundary>
        <LeadSection />
      </HydrationBoundary>
      <HydrationBoundary>
        <BlogTeaser recent={loaderData.recent} popular={loaderData.popular} />
      </HydrationBoundary>
      <HydrationBoundary>
        <Faq />
      </HydrationBoundary>
    </>
  );
}
