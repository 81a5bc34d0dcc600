import type { BlogPost } from "@/features/blog/api/get-published-post-by-slug";
import type { BlogPostSummary } from "@/features/blog/api/list-published-posts";

export const postWithImage: BlogPostSummary = {
  id: "11111111-1111-4111-8111-111111111111",
  slug: "dubai-off-plan-investment-guide",
  title: "A practical guide to off-plan investment in Dubai",
  excerpt: "Payment plans, escrow rules and handover risk: what buyers ask and how your team should answer.",
  category: "Real Estate",
  country: "UAE",
  read_time: "7 min read",
  is_popular: false,
  hero_image_url: "/favicon.svg",
  hero_image_alt: "The Wasla logo: a white W on a teal square",
  language: "en",
  translation_group: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
  published_at: "2025-08-14T09:30:00Z",
  created_at: "2025-08-14T09:30:00Z",
  updated_at: "2025-08-14T09:30:00Z",
};

export const postWithoutImage: BlogPostSummary = {
  ...postWithImage,
  id: "22222222-2222-4222-8222-222222222222",
  slug: "speed-to-lead-canadian-brokerages",
  title: "Speed to lead: what Canadian brokerages learned in 2025",
  excerpt: "Teams in Toronto and Vancouver that answered web leads within five minutes doubled their appointment rate.",
  category: "Sales",
  country: "Canada",
  read_time: "4 min read",
  hero_image_url: null,
  hero_image_alt: null,
  translation_group: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
  published_at: "2025-07-02T12:00:00Z",
  created_at: "2025-07-02T12:00:00Z",
};

export const popularPost: BlogPostSummary = {
  ...postWithoutImage,
  id: "33333333-3333-4333-8333-333333333333",
  slug: "ai-follow-up-best-practices",
  title: "AI follow-up best practices for brokers",
  category: "AI & Automation",
  country: "Global",
  is_popular: true,
};

export const longArabicPost: BlogPostSummary = {
  ...postWithoutImage,
  id: "44444444-4444-4444-8444-444444444444",
  slug: "اتجاهات-سوق-العقارات-في-الإمارات",
  title:
    "اتجاهات سوق العقارات في الإمارات العربية المتحدة لعام 2025: الطلب والأسعار والمناطق الأكثر نموًا في دبي وأبوظبي والشارقة وما يعنيه ذلك لفرق المبيعات",
  excerpt:
    "نظرة مفصلة على الطلب والأسعار والمناطق الأكثر نموًا في دبي وأبوظبي، وكيف يمكن لفرق المبيعات العقارية الرد على العملاء المحتملين خلال دقائق وتحويل نسبة أعلى منهم إلى معاينات وصفقات مغلقة.",
  category: "Market Analysis",
  country: "UAE",
  read_time: "6 دقائق قراءة",
  is_popular: true,
  language: "ar",
  translation_group: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
};

export const samplePosts: BlogPostSummary[] = [popularPost, postWithImage, longArabicPost, postWithoutImage];

export const sampleArticle: BlogPost = {
  ...postWithImage,
  is_popular: true,
  meta_title: null,
  meta_description: null,
  content: [
    "<h2>Why off-plan keeps selling</h2>",
    "<p>Developers offer <strong>post-handover payment plans</strong> that spread the cost over several years.</p>",
    "<h2>What buyers worry about</h2>",
    "<ul><li>Escrow protection under RERA</li><li>Handover delays</li><li>Resale before completion</li></ul>",
    "<blockquote>Agents who answer these questions in the first conversation book more viewings.</blockquote>",
    '<p>Read the <a href="https://www.example.org/report">market report</a> or <a href="/contact">talk to us</a>.</p>',
  ].join(""),
};
