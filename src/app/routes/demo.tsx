import { msg } from "@lingui/core/macro";
import { island } from "../islands/island";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/demo";

/**
 * The demo is the page's one island: the server renders its first step, and its code (the flow
 * machines, the steps, the toaster) loads at the visitor's first touch or focus inside it; the tap
 * that loads it is replayed once it has hydrated (src/app/islands/entry.ts), so the page's initial
 * JavaScript is only the islands loader.
 */
const DemoPage = island("demo", { minH: "100dvh", when: "touched" });

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`See AI follow-up in action`,
    description: msg`Try the interactive demo: make a call or upload a recording and watch the follow-up write itself.`,
  });

export default function Demo() {
  return <DemoPage />;
}
