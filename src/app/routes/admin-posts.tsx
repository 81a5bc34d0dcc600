import { msg } from "@lingui/core/macro";
import { PostsTableContainer } from "@/features/admin-posts/components/posts-table-container";
import { notifyWithAdminToaster } from "@/features/auth/components/admin-toaster";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-posts";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Manage Posts`, description: msg`Administration`, noindex: true });

export default function AdminPosts() {
  return <PostsTableContainer notify={notifyWithAdminToaster} />;
}
