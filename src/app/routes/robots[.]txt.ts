import type { Route } from "./+types/robots[.]txt";
import { siteConfigFromEnv } from "@/lib/site-config";

export function loader({ request, context }: Route.LoaderArgs) {
  const site = siteConfigFromEnv(context.server?.env ?? process.env);
  const origin = site.publicUrl ?? new URL(request.url).origin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /en/admin", "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
