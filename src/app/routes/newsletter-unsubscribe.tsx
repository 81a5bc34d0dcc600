import { msg } from "@lingui/core/macro";
import type { NewsletterLinkStatus } from "@/features/newsletter/api/apply-newsletter-link";
import { NewsletterLinkResult, type NewsletterPageState } from "@/features/newsletter/components/newsletter-link-result";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/newsletter-unsubscribe";

const RESULTS: NewsletterLinkStatus[] = ["unsubscribed", "invalid", "expired", "error"];

/**
 * The unsubscribe link (also the List-Unsubscribe URL). Opening it asks; the button posts to the
 * same URL, which the server answers (server/mail/newsletter.ts, also RFC 8058 one-click) and
 * sends back here with ?status=.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") as NewsletterLinkStatus | null;
  const token = url.searchParams.get("token");
  const state: NewsletterPageState = status && RESULTS.includes(status) ? status : token ? "ask" : "invalid";
  return { state, formAction: token ? `${url.pathname}?token=${encodeURIComponent(token)}` : null };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Unsubscribe`, description: msg`Stop receiving our newsletter.`, noindex: true });

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  return <NewsletterLinkResult state={loaderData.state} action="unsubscribe" formAction={loaderData.formAction ?? undefined} />;
}
