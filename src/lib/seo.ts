/**
 * Per-page head tags: translated title and description, canonical URL, reciprocal hreflang
 * alternates (ar, en, x-default → Arabic) and Open Graph / Twitter cards.
 */
import type { Locale } from "./i18n/locale";
import { localizePath, stripLocale } from "./i18n/locale";

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string; hrefLang?: string }
  | { "script:ld+json": Record<string, unknown> };

export interface PageSeo {
  locale: Locale;
  /** Absolute origin, "https://example.com". */
  origin: string;
  siteName: string;
  /** The page's own title, without the site name. */
  title: string;
  description: string;
  /** Current pathname (with or without /en). */
  pathname: string;
  /** Query string that is part of the page's address ("?page=2"), kept in the canonical URL and alternates. */
  search?: string;
  /** Absolute or root-relative image for share cards. */
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
  /** Pages that exist only in one language set this to false to skip the alternates. */
  alternates?: boolean;
  /** Title already includes the site name (home page). */
  bareTitle?: boolean;
  extra?: MetaTag[];
}

export const absoluteUrl = (origin: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${origin.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;

const ogLocale: Record<Locale, string> = { ar: "ar_AE", en: "en_US" };

export function pageSeo(p: PageSeo): MetaTag[] {
  const bare = stripLocale(p.pathname);
  const url = (l: Locale) => absoluteUrl(p.origin, `${localizePath(bare, l)}${p.search ?? ""}`);
  const fullTitle = p.bareTitle ? p.title : `${p.title} | ${p.siteName}`;
  const tags: MetaTag[] = [
    { title: fullTitle },
    { name: "description", content: p.description },
  ];
  if (p.noindex) {
    tags.push({ name: "robots", content: "noindex, nofollow" });
  } else {
    tags.push({ tagName: "link", rel: "canonical", href: url(p.locale) });
    if (p.alternates !== false) {
      tags.push(
        { tagName: "link", rel: "alternate", hrefLang: "ar", href: url("ar") },
        { tagName: "link", rel: "alternate", hrefLang: "en", href: url("en") },
        { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url("ar") },
      );
    }
  }
  tags.push(
    { property: "og:site_name", content: p.siteName },
    { property: "og:type", content: p.type ?? "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: p.description },
    { property: "og:url", content: url(p.locale) },
    { property: "og:locale", content: ogLocale[p.locale] },
    { property: "og:locale:alternate", content: ogLocale[p.locale === "ar" ? "en" : "ar"] },
    { name: "twitter:card", content: p.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: p.description },
  );
  if (p.image) {
    const img = absoluteUrl(p.origin, p.image);
    tags.push({ property: "og:image", content: img }, { name: "twitter:image", content: img });
  }
  return [...tags, ...(p.extra ?? [])];
}
