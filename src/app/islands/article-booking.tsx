import { ArticleCtaDescription, ArticleCtaHeadline } from "@/features/blog/components/article-view";
import type { BlogPost } from "@/features/blog/api/get-published-post-by-slug";
import { ArticleBookingForm } from "@/features/booking/components/article-booking-form";

/** The booking form under an article, with the article's call to action: an island's props are data, so it builds its headline itself. */
export function ArticleBooking({ path, post }: { path: string; post: Pick<BlogPost, "category" | "country"> }) {
  // An article about Canada or the UAE offers that market's times first (docs/markets.md).
  const pageMarket = post.country === "canada" || post.country === "uae" ? post.country : undefined;
  return (
    <ArticleBookingForm
      path={path}
      pageMarket={pageMarket}
      headline={<ArticleCtaHeadline post={post} />}
      description={<ArticleCtaDescription />}
    />
  );
}
