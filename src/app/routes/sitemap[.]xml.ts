import type { Route } from "./+types/sitemap[.]xml";
import { sitemapResponse } from "../sitemap.server";

/**
 * `/sitemap.xml`: every public page and every published post, in both languages, with hreflang
 * alternates; past 50,000 URLs a sitemap index of `/sitemaps/<n>.xml` (see `sitemaps.$file.ts`).
 * Posts are read in chunks, so no row cap of the API truncates the list. If the posts cannot be
 * read, the static pages are still listed (and the response is not cached).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return sitemapResponse(request, context);
}
