/**
 * JSON-LD builders (schema.org) for the head of a page: use with routeMeta's
 * `extra: [{ "script:ld+json": blogPostingJsonLd(...) }]`. Pure functions, no React.
 */
import type { Locale } from "./i18n/locale";
import { absoluteUrl } from "./seo";
import type { SiteConfig } from "./site-config";

type JsonLd = Record<string, unknown>;

interface OrganizationInput {
  origin: string;
  name: string;
  /** Other names of the same organisation (the name in the other language). */
  alternateName?: string | string[];
  /** Root-relative or absolute logo URL. */
  logo?: string;
  /** Profile URLs (LinkedIn, Instagram…). */
  sameAs?: string[];
  /** E.164 phone for sales. */
  telephone?: string;
}

export function organizationJsonLd(o: OrganizationInput): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${absoluteUrl(o.origin, "/")}#organization`,
    name: o.name,
    ...(o.alternateName ? { alternateName: o.alternateName } : {}),
    url: absoluteUrl(o.origin, "/"),
    ...(o.logo ? { logo: absoluteUrl(o.origin, o.logo) } : {}),
    ...(o.sameAs?.length ? { sameAs: o.sameAs } : {}),
    ...(o.telephone
      ? { contactPoint: { "@type": "ContactPoint", telephone: o.telephone, contactType: "sales", availableLanguage: ["ar", "en"] } }
      : {}),
  };
}

interface BlogPostingInput {
  origin: string;
  /** Absolute or root-relative URL of the article in this language. */
  url: string;
  locale: Locale;
  title: string;
  description: string;
  image?: string | null;
  datePublished: string;
  dateModified?: string;
  category?: string;
  /** The publisher (usually organizationJsonLd's input). */
  publisher: { name: string; logo?: string };
}

export function blogPostingJsonLd(p: BlogPostingInput): JsonLd {
  const url = absoluteUrl(p.origin, p.url);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    headline: p.title.slice(0, 110),
    description: p.description,
    inLanguage: p.locale,
    ...(p.image ? { image: [absoluteUrl(p.origin, p.image)] } : {}),
    datePublished: p.datePublished,
    dateModified: p.dateModified ?? p.datePublished,
    ...(p.category ? { articleSection: p.category } : {}),
    author: { "@type": "Organization", name: p.publisher.name, url: absoluteUrl(p.origin, "/") },
    publisher: {
      "@type": "Organization",
      "@id": `${absoluteUrl(p.origin, "/")}#organization`,
      name: p.publisher.name,
      ...(p.publisher.logo ? { logo: { "@type": "ImageObject", url: absoluteUrl(p.origin, p.publisher.logo) } } : {}),
    },
  };
}

interface FaqItem {
  question: string;
  /** Plain text or simple HTML answer. */
  answer: string;
}

export function faqPageJsonLd(items: readonly FaqItem[], o?: { locale?: Locale }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    ...(o?.locale ? { inLanguage: o.locale } : {}),
    mainEntity: items.map((i) => ({
      "@type": "Question",
      name: i.question,
      acceptedAnswer: { "@type": "Answer", text: i.answer },
    })),
  };
}

interface BreadcrumbItem {
  name: string;
  url: string;
}

export function breadcrumbJsonLd(origin: string, items: readonly BreadcrumbItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((it, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: it.name,
      item: absoluteUrl(origin, it.url),
    })),
  };
}

/** The site-wide Organization from the site configuration, named in the page's language. */
export function organizationFromSite(site: SiteConfig, origin: string, locale: Locale): JsonLd {
  const other: Locale = locale === "ar" ? "en" : "ar";
  return organizationJsonLd({
    origin,
    name: site.name[locale],
    alternateName: site.name[other],
    logo: "/favicon.svg",
    sameAs: [site.social.linkedin, site.social.instagram],
    telephone: site.phone,
  });
}
