import { msg } from "@lingui/core/macro";
import { NewslettersAdminContainer } from "@/features/admin-newsletters/components/newsletters-admin-container";
import { notifyWithAdminToaster } from "@/features/auth/components/admin-toaster";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-newsletters";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Newsletter`, description: msg`Administration`, noindex: true });

export default function AdminNewsletters() {
  return <NewslettersAdminContainer notify={notifyWithAdminToaster} />;
}
