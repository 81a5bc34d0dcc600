import type { Route } from "./+types/sitemaps.$file";
import { parseSitemapFile } from "@/features/blog/lib/sitemap";
import { sitemapResponse } from "../sitemap.server";

/** `/sitemaps/<n>.xml`: one file of the sitemap index (only when there are more than 50,000 URLs). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const n = parseSitemapFile(params.file);
  if (n === null) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return sitemapResponse(request, context, n);
}
