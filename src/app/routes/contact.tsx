import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Talk to our sales team`,
    description: msg`Tell us about your team and we will call you back within 24 hours.`,
  });

export default function Contact() {
  return <PageHeader title={<Trans>Talk to our sales team</Trans>} description={<Trans>Tell us about your team and we will call you back within 24 hours.</Trans>} />;
}
