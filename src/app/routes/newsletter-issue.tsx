import { msg } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import { type IssueWebVersion, getIssueWebVersion } from "@/features/newsletter/api/get-issue-web-version";
import { NewsletterIssueView } from "@/features/newsletter/components/newsletter-issue-view";
import { NotFound } from "@/components/layout/not-found";
import { localeFromPath, localizePath } from "@/lib/i18n/locale";
import { serverSanitizer } from "@/lib/sanitize.server";
import { siteConfigFromEnv } from "@/lib/site-config";
import { routeMeta } from "../route-meta";
import { serverSupabase } from "../supabase.server";
import type { Route } from "./+types/newsletter-issue";

type IssueLoaderData = { status: "ok"; issue: IssueWebVersion } | { status: "not-found" };

/**
 * The web version of a sent newsletter issue (docs/newsletter.md), at its language's address: an issue
 * in English opened under the Arabic tree is sent to /en/… and back. Not indexed: an issue repeats the
 * blog's posts, which are the pages to find.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const env = context.server?.env ?? process.env;
  const url = new URL(request.url);
  const language = localeFromPath(url.pathname);
  let issue: IssueWebVersion | null;
  try {
    issue = await getIssueWebVersion(serverSupabase(context.server), params.id ?? "");
  } catch (error) {
    console.error("[newsletter-issue] load failed:", error instanceof Error ? error.message : error);
    throw data(null, { status: 503, headers: { "Retry-After": "30" } });
  }
  if (!issue) return data<IssueLoaderData>({ status: "not-found" }, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  if (issue.language !== language) throw redirect(localizePath(`/newsletter/issues/${issue.id}`, issue.language), 301);
  const origin = siteConfigFromEnv(env).publicUrl ?? url.origin;
  const sanitize = await serverSanitizer();
  return data<IssueLoaderData>(
    { status: "ok", issue: { ...issue, body_html: sanitize(issue.body_html, { origin }) } },
    { headers: { "Cache-Control": "no-cache", "X-Robots-Tag": "noindex" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const result = args.loaderData as IssueLoaderData | undefined;
  if (!result || result.status !== "ok") {
    return routeMeta(args, { title: msg`Issue not found`, description: msg`This newsletter issue does not exist.`, noindex: true });
  }
  return routeMeta(args, {
    title: result.issue.subject,
    description: result.issue.preheader || result.issue.subject,
    alternates: false,
    noindex: true,
  });
};

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  if (loaderData.status !== "ok") return <NotFound />;
  return <NewsletterIssueView issue={loaderData.issue} />;
}
