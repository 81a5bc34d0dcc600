import type { Route } from "./+types/sitemap[.]xml";
import { localizePath } from "@/lib/i18n/locale";
import { siteConfigFromEnv } from "@/lib/site-config";

const PUBLIC_PAGES = ["/", "/blog", "/contact", "/demo", "/privacy-policy"];

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** Every public page in both languages with reciprocal hreflang alternates. */
export function loader({ request, context }: Route.LoaderArgs) {
  const site = siteConfigFromEnv(context.server?.env ?? process.env);
  const origin = site.publicUrl ?? new URL(request.url).origin;
  const abs = (p: string) => escapeXml(`${origin}${p}`);
  const entries = PUBLIC_PAGES.flatMap((page) =>
    (["ar", "en"] as const).map((locale) => {
      const alternates = (["ar", "en"] as const)
        .map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${abs(localizePath(page, l))}"/>`)
        .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${abs(localizePath(page, "ar"))}"/>`)
        .join("\n");
      return `  <url>\n    <loc>${abs(localizePath(page, locale))}</loc>\n${alternates}\n  </url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
