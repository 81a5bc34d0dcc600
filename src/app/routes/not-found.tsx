import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { NotFound } from "@/components/layout/not-found";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/not-found";

/** Any unknown path: the 404 page, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Page not found`,
    description: msg`The page you are looking for does not exist or has moved.`,
    noindex: true,
  });

export default function NotFoundRoute() {
  return <NotFound />;
}
