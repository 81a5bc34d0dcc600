import { msg } from "@lingui/core/macro";
import { MarketsEditorContainer } from "@/features/admin-markets/components/markets-editor-container";
import { notifyWithAdminToaster } from "@/features/auth/components/admin-toaster";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-markets";

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: msg`Markets`, description: msg`Administration`, noindex: true });

export default function AdminMarkets() {
  return <MarketsEditorContainer notify={notifyWithAdminToaster} />;
}
