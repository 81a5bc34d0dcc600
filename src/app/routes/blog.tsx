import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Real-estate sales insights`,
    description: msg`Practical guides on lead follow-up, AI automation and the property markets of the UAE and Canada.`,
  });

export default function Blog() {
  return <PageHeader title={<Trans>Real-estate sales insights</Trans>} description={<Trans>Practical guides on lead follow-up, AI automation and the property markets of the UAE and Canada.</Trans>} />;
}
