import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/demo";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`See AI follow-up in action`,
    description: msg`Try the interactive demo: make a call or upload a recording and watch the follow-up write itself.`,
  });

export default function Demo() {
  return <PageHeader title={<Trans>See AI follow-up in action</Trans>} description={<Trans>Try the interactive demo: make a call or upload a recording and watch the follow-up write itself.</Trans>} />;
}
