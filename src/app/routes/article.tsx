import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/article";

export function loader() {
  // Until the blog lands, no article exists.
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Article Not Found`, description: msg`The article you are looking for does not exist.` });

export default function Article() {
  return <PageHeader title={<Trans>Article Not Found</Trans>} />;
}
