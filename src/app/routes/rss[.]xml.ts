import type { Route } from "./+types/rss[.]xml";

/** RSS feed of published posts (the blog issue fills it). */
export function loader(_args: Route.LoaderArgs) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Blog</title><link>/blog</link><description>Blog</description></channel></rss>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
