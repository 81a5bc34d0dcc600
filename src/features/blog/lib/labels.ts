/** Translated labels for the blog's stored English values (categories, countries). */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const CATEGORY: Record<string, MessageDescriptor> = {
  Technology: msg`Technology`,
  "Real Estate": msg`Real Estate`,
  "AI & Automation": msg`AI & Automation`,
  Sales: msg`Sales`,
  "Market Analysis": msg`Market Analysis`,
};

const COUNTRY: Record<string, MessageDescriptor> = {
  Canada: msg`Canada`,
  UAE: msg`UAE`,
  Global: msg`Global`,
};

/** A category in the reader's language; unknown values are shown as stored. */
export const categoryLabel = (value: string): MessageDescriptor | string => CATEGORY[value] ?? value;
export const countryLabel = (value: string): MessageDescriptor | string => COUNTRY[value] ?? value;

/** Long date in the page's language: "March 1, 2025" (en-US) or the Arabic long form (ar-AE). */
export function formatPostDate(iso: string, intl: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  // A fixed time zone, so the server's rendering and the browser's hydration agree.
  return new Intl.DateTimeFormat(intl, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(d);
}

/** Whether a text is mostly Arabic script (for lang/dir of a post written in Arabic). */
export function isArabicText(text: string): boolean {
  const arabic = text.match(/[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return arabic > latin;
}

/** A hero image URL we are willing to put in src and og:image: http(s) or root-relative only. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const v = url.trim();
  if (/^https?:\/\//i.test(v) || (v.startsWith("/") && !v.startsWith("//"))) return v;
  return null;
}
