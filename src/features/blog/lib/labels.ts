/** Translated labels for the blog's stored English values (categories, countries). */
export { categoryLabel } from "@/lib/content-labels";
export { isArabicText } from "@/components/content-text";

/** Long date in the page's language: "March 1, 2025" (en-US) or the Arabic long form (ar-AE). */
export function formatPostDate(iso: string, intl: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  // A fixed time zone, so the server's rendering and the browser's hydration agree.
  return new Intl.DateTimeFormat(intl, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(d);
}

/** A hero image URL we are willing to put in src and og:image: http(s) or root-relative only. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const v = url.trim();
  if (/^https?:\/\//i.test(v) || (v.startsWith("/") && !v.startsWith("//"))) return v;
  return null;
}
