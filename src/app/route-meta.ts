import type { MessageDescriptor } from "@lingui/core";
import { getI18n } from "@/lib/i18n/catalogs";
import { localeFromPath, localizePath, stripLocale } from "@/lib/i18n/locale";
import { type MetaTag, absoluteUrl, pageSeo } from "@/lib/seo";
import { defaultSiteConfig } from "@/lib/site-config";
import { organizationFromSite } from "@/lib/structured-data";
import type { RootData } from "./root-data";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>;
}

export function rootDataOf(args: MetaArgsLike): RootData | undefined {
  const root = args.matches.find((m) => m?.id === "root");
  return (root?.loaderData ?? root?.data) as RootData | undefined;
}

type Text = MessageDescriptor | string | ((ctx: { siteName: string }) => MessageDescriptor | string);

interface RouteMetaOptions {
  title: Text;
  description: Text;
  image?: string | null;
  imageAlt?: string | null;
  /** The page's address per language (see pageSeo); default: the same path under both prefixes. */
  alternates?: boolean | Partial<Record<"ar" | "en", string>>;
  type?: "website" | "article";
  /** true: noindex, nofollow (no canonical); "follow": noindex, follow with the canonical of `canonicalSearch` (see pageSeo). */
  noindex?: boolean | "follow";
  /** Query string of the canonical URL when it differs from `search` (a filtered list: the plain list's ""). */
  canonicalSearch?: string;
  bareTitle?: boolean;
  extra?: MetaTag[];
  /** Query string that belongs to the page's address ("?page=2"): kept in canonical and alternates. */
  search?: string;
  /** `rel=prev` / `rel=next` links, as query strings of the same path ("" for the first page). */
  sequence?: { prev?: string | null; next?: string | null };
}

/** Head tags for a route, translated into the language of its URL. */
export function routeMeta(args: MetaArgsLike, o: RouteMetaOptions): MetaTag[] {
  const locale = localeFromPath(args.location.pathname);
  const i18n = getI18n(locale);
  const root = rootDataOf(args);
  const site = root?.site ?? defaultSiteConfig;
  const origin = root?.origin ?? "http://localhost";
  const tr = (m: Text): string => {
    const v = typeof m === "function" ? m({ siteName: site.name[locale] }) : m;
    return typeof v === "string" ? v : i18n._(v);
  };
  const here = absoluteUrl(origin, localizePath(stripLocale(args.location.pathname), locale));
  const sequence: MetaTag[] = [];
  if (o.sequence?.prev != null) sequence.push({ tagName: "link", rel: "prev", href: `${here}${o.sequence.prev}` });
  if (o.sequence?.next != null) sequence.push({ tagName: "link", rel: "next", href: `${here}${o.sequence.next}` });
  return pageSeo({
    locale,
    origin,
    siteName: site.name[locale],
    title: tr(o.title),
    description: tr(o.description),
    pathname: args.location.pathname,
    search: o.search,
    canonicalSearch: o.canonicalSearch,
    image: o.image,
    imageAlt: o.imageAlt,
    alternates: o.alternates,
    type: o.type,
    noindex: o.noindex,
    bareTitle: o.bareTitle,
    // Organization on every indexable page, named in the page's language.
    extra: o.noindex ? o.extra : [...sequence, ...(o.extra ?? []), { "script:ld+json": organizationFromSite(site, origin, locale) }],
  });
}
