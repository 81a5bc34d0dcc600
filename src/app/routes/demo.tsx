import { msg } from "@lingui/core/macro";
import { DemoPage } from "@/features/demo/components/demo-page";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/demo";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`See AI follow-up in action`,
    description: msg`Try the interactive demo: make a call or upload a recording and watch the follow-up write itself.`,
  });

export default function Demo() {
  return <DemoPage />;
}
