import { msg } from "@lingui/core/macro";
import { MailAdminContainer } from "@/features/admin-mail/components/mail-admin-container";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-mail";

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: msg`Mail`, description: msg`Administration`, noindex: true });

export default function AdminMail() {
  return <MailAdminContainer />;
}
