import { Plural, useLingui } from "@lingui/react/macro";
import { categoryLabel, readTimeMinutes } from "@/lib/content-labels";

/** Whether a text is mostly Arabic script (for the lang of content written in either language). */
export function isArabicText(text: string): boolean {
  const arabic = text.match(/[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return arabic > latin;
}

/**
 * Props for an element that shows content or user text (a post title, an excerpt, a name): its
 * direction comes from its own first strong letter (`dir="auto"`), not from the page, so an English
 * title in the Arabic layout reads left to right with its full stop at the end, and its language is
 * declared for screen readers and fonts.
 */
export function contentProps(text: string): { dir: "auto"; lang: "ar" | "en" } {
  return { dir: "auto", lang: isArabicText(text) ? "ar" : "en" };
}

/**
 * A read time in the page's language when it has the usual form ("7 min read" → "7 دقائق للقراءة"),
 * otherwise the editor's text, isolated so that its digits and words keep their order inside the
 * other direction.
 */
export function ReadTime({ value }: { value: string }) {
  const minutes = readTimeMinutes(value);
  if (minutes === null) return <bdi {...contentProps(value)}>{value}</bdi>;
  return <Plural value={minutes} one="# min read" other="# min read" />;
}

/** A post category in the page's language; an unknown category as written, isolated. */
export function CategoryText({ value }: { value: string }) {
  const { i18n } = useLingui();
  const label = categoryLabel(value);
  return typeof label === "string" ? <bdi {...contentProps(label)}>{label}</bdi> : <>{i18n._(label)}</>;
}
