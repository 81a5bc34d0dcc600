import { msg } from "@lingui/core/macro";
import { useParams } from "react-router";
import { PostEditorContainer } from "@/features/admin-posts/components/post-editor-container";
import { notifyWithAdminToaster } from "@/features/auth/components/admin-toaster";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-post-editor";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.params.id ? msg`Edit Post` : msg`Create New Post`,
    description: msg`Administration`,
    noindex: true,
  });

/** Both /admin/posts/new and /admin/posts/:id/edit. */
export default function AdminPostEditor() {
  const { id } = useParams();
  return <PostEditorContainer key={id ?? "new"} id={id ?? null} notify={notifyWithAdminToaster} />;
}
