import type { BlogPost } from "@/features/blog/api/get-published-post-by-slug";
import type { BlogPostSummary } from "@/features/blog/api/list-published-posts";
import type { Locale } from "@/lib/i18n/locale";

/**
 * Sample posts in each language. The blog is one blog per language (docs/product.md#blog): a page lists,
 * teases and shows only posts of its own language, so a story takes the set of its locale (`blogSamples`).
 * Categories, countries and read times are stored in English whatever the post's language.
 */
const postWithImage: BlogPostSummary = {
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

const postWithoutImage: BlogPostSummary = {
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

const popularPost: BlogPostSummary = {
  ...postWithoutImage,
  id: "33333333-3333-4333-8333-333333333333",
  slug: "ai-follow-up-best-practices",
  title: "AI follow-up best practices for brokers",
  category: "AI & Automation",
  country: "Global",
  is_popular: true,
};

const longPost: BlogPostSummary = {
  ...postWithoutImage,
  id: "44444444-4444-4444-8444-444444444444",
  slug: "uae-real-estate-market-trends-2025",
  title:
    "UAE real-estate market trends for 2025: demand, prices and the fastest-growing areas in Dubai, Abu Dhabi and Sharjah, and what it all means for sales teams",
  excerpt:
    "A detailed look at demand, prices and the fastest-growing areas of Dubai and Abu Dhabi, and how real-estate sales teams can answer leads within minutes and turn more of them into viewings and closed deals.",
  category: "Market Analysis",
  country: "UAE",
  read_time: "6 min read",
  is_popular: true,
  translation_group: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
};

const arPostWithImage: BlogPostSummary = {
  ...postWithImage,
  id: "55555555-5555-4555-8555-555555555555",
  slug: "دليل-الاستثمار-على-الخارطة-في-دبي",
  title: "دليل عملي للاستثمار في العقارات على الخارطة في دبي",
  excerpt: "خطط السداد وقواعد حسابات الضمان ومخاطر التسليم: ما يسأل عنه المشترون وكيف يجيب فريقك.",
  hero_image_alt: "شعار وصلة: حرف W أبيض على مربع فيروزي",
  language: "ar",
};

const arPostWithoutImage: BlogPostSummary = {
  ...postWithoutImage,
  id: "66666666-6666-4666-8666-666666666666",
  slug: "سرعة-الرد-في-شركات-الوساطة-الكندية",
  title: "سرعة الرد: ما تعلّمته شركات الوساطة الكندية في 2025",
  excerpt: "الفرق في تورنتو وفانكوفر التي ردّت على العملاء المحتملين خلال خمس دقائق ضاعفت نسبة مواعيدها.",
  language: "ar",
};

const arPopularPost: BlogPostSummary = {
  ...popularPost,
  id: "77777777-7777-4777-8777-777777777777",
  slug: "أفضل-ممارسات-المتابعة-بالذكاء-الاصطناعي",
  title: "أفضل ممارسات المتابعة بالذكاء الاصطناعي للوسطاء",
  language: "ar",
};

const arLongPost: BlogPostSummary = {
  ...longPost,
  id: "88888888-8888-4888-8888-888888888888",
  slug: "اتجاهات-سوق-العقارات-في-الإمارات",
  title:
    "اتجاهات سوق العقارات في الإمارات العربية المتحدة لعام 2025: الطلب والأسعار والمناطق الأكثر نموًا في دبي وأبوظبي والشارقة وما يعنيه ذلك لفرق المبيعات",
  excerpt:
    "نظرة مفصلة على الطلب والأسعار والمناطق الأكثر نموًا في دبي وأبوظبي، وكيف يمكن لفرق المبيعات العقارية الرد على العملاء المحتملين خلال دقائق وتحويل نسبة أعلى منهم إلى معاينات وصفقات مغلقة.",
  language: "ar",
};

const article = (post: BlogPostSummary, content: string[]): BlogPost => ({
  ...post,
  is_popular: true,
  meta_title: null,
  meta_description: null,
  content: content.join(""),
});

interface BlogSamples {
  postWithImage: BlogPostSummary;
  postWithoutImage: BlogPostSummary;
  popularPost: BlogPostSummary;
  /** A post with a title and excerpt long enough to wrap and clamp. */
  longPost: BlogPostSummary;
  /** The blog list's page: popular first, as the list orders them. */
  posts: BlogPostSummary[];
  /** The post with image as a whole article, with an outside link (`linkText`) and an inside one. */
  article: BlogPost;
  linkText: string;
}

const samples: Record<Locale, BlogSamples> = {
  en: {
    postWithImage,
    postWithoutImage,
    popularPost,
    longPost,
    posts: [popularPost, postWithImage, longPost, postWithoutImage],
    article: article(postWithImage, [
      "<h2>Why off-plan keeps selling</h2>",
      "<p>Developers offer <strong>post-handover payment plans</strong> that spread the cost over several years.</p>",
      "<h2>What buyers worry about</h2>",
      "<ul><li>Escrow protection under RERA</li><li>Handover delays</li><li>Resale before completion</li></ul>",
      "<blockquote>Agents who answer these questions in the first conversation book more viewings.</blockquote>",
      '<p>Read the <a href="https://www.example.org/report">market report</a> or <a href="/contact">talk to us</a>.</p>',
    ]),
    linkText: "market report",
  },
  ar: {
    postWithImage: arPostWithImage,
    postWithoutImage: arPostWithoutImage,
    popularPost: arPopularPost,
    longPost: arLongPost,
    posts: [arPopularPost, arPostWithImage, arLongPost, arPostWithoutImage],
    article: article(arPostWithImage, [
      "<h2>لماذا يستمر الطلب على العقارات على الخارطة</h2>",
      "<p>يقدّم المطوّرون <strong>خطط سداد بعد التسليم</strong> توزّع التكلفة على عدة سنوات.</p>",
      "<h2>ما يقلق المشترين</h2>",
      "<ul><li>حماية حسابات الضمان وفق أنظمة ريرا</li><li>تأخر التسليم</li><li>إعادة البيع قبل الإنجاز</li></ul>",
      "<blockquote>الوكلاء الذين يجيبون عن هذه الأسئلة في المحادثة الأولى يحجزون معاينات أكثر.</blockquote>",
      '<p>اقرأ <a href="https://www.example.org/report">تقرير السوق</a> أو <a href="/contact">تحدّث إلينا</a>.</p>',
    ]),
    linkText: "تقرير السوق",
  },
};

/** The sample posts in a language (the story's: `blogSamples(localeOf(context))`, or `useLocale().locale`). */
export const blogSamples = (locale: Locale): BlogSamples => samples[locale];
