/**
 * Per-page head tags: translated title and description, canonical URL, reciprocal hreflang
 * alternates (ar, en, x-default → Arabic) and Open Graph / Twitter cards. A page without an image of
 * its own shares the branded default card of its language (public/share/, made by
 * scripts/share-images.mjs).
 */
import type { Locale } from "./i18n/locale";
import { localizePath, stripLocale } from "./i18n/locale";
import { shareImageUrl } from "./responsive-image";

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string; hrefLang?: string }
  | { "script:ld+json": Record<string, unknown> };

interface PageSeo {
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
  /** Absolute or root-relative image for share cards; none → the default card of the page's language. */
  image?: string | null;
  /** What the image shows (the hero image's alt text). */
  imageAlt?: string | null;
  type?: "website" | "article";
  /**
   * true: `noindex, nofollow`, no canonical and no alternates (admin, not found). "follow": `noindex, follow`
   * with a canonical (`canonicalSearch`) and no alternates: a search or filtered list, whose canonical is the
   * plain list and whose links to articles still count.
   */
  noindex?: boolean | "follow";
  /** Query string of the canonical URL (and og:url) when it differs from `search` (the unfiltered list: ""). */
  canonicalSearch?: string;
  /**
   * The page's address in each language. Default: the same path under both prefixes. `false`, or a map
   * with a single language (an article without a translation), gives no hreflang at all: alternates name
   * only real translations. x-default is the Arabic address.
   */
  alternates?: boolean | Partial<Record<Locale, string>>;
  /** Title already includes the site name (home page). */
  bareTitle?: boolean;
  extra?: MetaTag[];
}

export const absoluteUrl = (origin: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${origin.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;

const ogLocale: Record<Locale, string> = { ar: "ar_AE", en: "en_US" };

/** The branded share card of each language (1200×630 PNG). */
const DEFAULT_SHARE_IMAGE = { width: 1200, height: 630, path: (l: Locale) => `/share/default-${l}.png` } as const;

export function pageSeo(p: PageSeo): MetaTag[] {
  const bare = stripLocale(p.pathname);
  const url = (l: Locale) => absoluteUrl(p.origin, `${localizePath(bare, l)}${p.search ?? ""}`);
  const canonical = absoluteUrl(p.origin, `${localizePath(bare, p.locale)}${p.canonicalSearch ?? p.search ?? ""}`);
  const fullTitle = p.bareTitle ? p.title : `${p.title} | ${p.siteName}`;
  const tags: MetaTag[] = [{ title: fullTitle }, { name: "description", content: p.description }];
  if (p.noindex === true) {
    tags.push({ name: "robots", content: "noindex, nofollow" });
  } else if (p.noindex === "follow") {
    tags.push({ name: "robots", content: "noindex, follow" }, { tagName: "link", rel: "canonical", href: canonical });
  } else {
    tags.push({ tagName: "link", rel: "canonical", href: canonical });
    const alternates: Partial<Record<Locale, string>> | null =
      p.alternates === false ? null : typeof p.alternates === "object" ? p.alternates : { ar: url("ar"), en: url("en") };
    if (alternates?.ar && alternates.en) {
      const abs = (path: string) => absoluteUrl(p.origin, path);
      tags.push(
        { tagName: "link", rel: "alternate", hrefLang: "ar", href: abs(alternates.ar) },
        { tagName: "link", rel: "alternate", hrefLang: "en", href: abs(alternates.en) },
        { tagName: "link", rel: "alternate", hrefLang: "x-default", href: abs(alternates.ar) },
      );
    }
  }
  tags.push(
    { property: "og:site_name", content: p.siteName },
    { property: "og:type", content: p.type ?? "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: p.description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: ogLocale[p.locale] },
    { property: "og:locale:alternate", content: ogLocale[p.locale === "ar" ? "en" : "ar"] },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: p.description },
  );
  // A stored hero image is shared as its 1200 × 630 crop (server/api/image-render.ts), in its own format;
  // without one, the branded default card of the page's language (public/share, scripts/share-images.mjs).
  const share = p.image ? shareImageUrl(p.image) : null;
  const sized = !p.image || share !== p.image;
  const img = absoluteUrl(p.origin, share || DEFAULT_SHARE_IMAGE.path(p.locale));
  const alt = p.image ? p.imageAlt?.trim() || p.title : `${p.siteName}: ${p.description}`;
  tags.push({ property: "og:image", content: img });
  if (!p.image) tags.push({ property: "og:image:type", content: "image/png" });
  if (sized) {
    tags.push(
      { property: "og:image:width", content: String(DEFAULT_SHARE_IMAGE.width) },
      { property: "og:image:height", content: String(DEFAULT_SHARE_IMAGE.height) },
    );
  }
  tags.push(
    { property: "og:image:alt", content: alt },
    { name: "twitter:image", content: img },
    { name: "twitter:image:alt", content: alt },
  );
  return [...tags, ...(p.extra ?? [])];
}
