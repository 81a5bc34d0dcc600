import { msg } from "@lingui/core/macro";
import { applyNewsletterLink } from "@/features/newsletter/api/apply-newsletter-link";
import { NewsletterLinkResult } from "@/features/newsletter/components/newsletter-link-result";
import { routeMeta } from "../route-meta";
import { serverSupabase } from "../supabase.server";
import type { Route } from "./+types/newsletter-confirm";

/** The double opt-in link from the confirmation email: confirms the address it was sent to. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const status = context.server ? await applyNewsletterLink(serverSupabase(context.server), "confirm", token) : "error";
  return { status };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Newsletter subscription`, description: msg`Confirm your subscription to our newsletter.`, noindex: true });

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return <NewsletterLinkResult state={loaderData.status} action="confirm" />;
}
