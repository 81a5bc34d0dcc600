import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { PrivacyPolicyContent } from "@/features/landing/components/privacy-policy-content";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Privacy Policy`,
    description: msg`How we collect, use and protect the information you share with us.`,
  });

export default function PrivacyPolicy() {
  return (
    <>
      <PageHeader
        title={<Trans>Privacy Policy</Trans>}
        description={<Trans>How we collect, use and protect the information you share with us.</Trans>}
      />
      <PrivacyPolicyContent />
    </>
  );
}
