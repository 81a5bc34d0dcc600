import type { AdminPostSummary, PostTranslation } from "@/features/admin-posts/schemas/post";

/** The clock the admin-post stories run on (so "scheduled" stays scheduled): 23 November 2026, 09:00 UTC. */
export const STORY_NOW = Date.parse("2026-11-23T09:00:00Z");

export const samplePosts: AdminPostSummary[] = [
  {
    id: "p1",
    slug: "dubai-market-trends-2026",
    title: "Dubai market trends for 2026",
    excerpt: "Prices, rents and the neighbourhoods buyers are watching this year.",
    category: "Market Analysis",
    country: "UAE",
    read_time: "6 min read",
    is_popular: true,
    published: true,
    published_at: "2026-03-02T09:00:00Z",
    hero_image_url: null,
    created_at: "2026-03-02T09:00:00Z",
    language: "en",
    translation_group: "tg-1",
  },
  {
    id: "p2",
    slug: "اتمتة-المتابعة",
    title: "أتمتة متابعة العملاء المحتملين",
    excerpt: "كيف يرد فريقك على كل عميل خلال دقائق.",
    category: "AI & Automation",
    country: "Global",
    read_time: "4 دقائق",
    is_popular: false,
    published: false,
    published_at: null,
    hero_image_url: null,
    created_at: "2026-02-20T12:00:00Z",
    language: "ar",
    translation_group: "tg-2",
  },
  {
    id: "p3",
    slug: "toronto-condo-leads",
    title: "Converting Toronto condo leads",
    excerpt: "A follow-up cadence that works for pre-construction buyers.",
    category: "Sales",
    country: "Canada",
    read_time: "5 min read",
    is_popular: false,
    published: true,
    published_at: "2026-01-11T15:30:00Z",
    hero_image_url: null,
    created_at: "2026-01-11T15:30:00Z",
    language: "en",
    translation_group: "tg-3",
  },
  {
    id: "p4",
    slug: "عقارات-تورونتو-2027",
    title: "سوق العقارات في تورونتو عام 2027",
    excerpt: "ما الذي يتغير للمستثمرين من الخليج.",
    category: "Real Estate",
    country: "Canada",
    read_time: "7 دقائق",
    is_popular: false,
    published: true,
    published_at: "2026-12-01T05:30:00Z",
    hero_image_url: null,
    created_at: "2026-01-05T08:00:00Z",
    language: "ar",
    translation_group: "tg-3",
  },
];

/** p3 and p4 are translations of each other. */
export const sampleTranslations: Record<string, PostTranslation> = {
  p3: { id: "p4", slug: samplePosts[3]!.slug, title: samplePosts[3]!.title, language: "ar", published: true, published_at: samplePosts[3]!.published_at, translation_group: "tg-3" },
  p4: { id: "p3", slug: samplePosts[2]!.slug, title: samplePosts[2]!.title, language: "en", published: true, published_at: samplePosts[2]!.published_at, translation_group: "tg-3" },
};
