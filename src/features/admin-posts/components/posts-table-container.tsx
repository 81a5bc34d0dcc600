import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo } from "react";
import { fromPromise } from "xstate";
import { getSupabase } from "@/lib/supabase/client";
import { deletePost } from "../api/delete-post";
import { listPosts } from "../api/list-posts";
import { filterPosts, postsTableMachine } from "../machines/posts-table.machine";
import type { Notify } from "./notify";
import { DeletePostDialog } from "./delete-post-dialog";
import { PostsTable } from "./posts-table";

export function usePostsTableLogic(notify: Notify) {
  const { t } = useLingui();
  return useMemo(
    () =>
      postsTableMachine.provide({
        actors: {
          loadPosts: fromPromise(async () => listPosts(await getSupabase())),
          deletePost: fromPromise(async ({ input }) => deletePost(await getSupabase(), input.post.id)),
        },
        actions: {
          notifyDeleted: (_, { title }) => notify({ type: "success", title: t`"${title}" has been deleted.` }),
          notifyDeleteFailed: () => notify({ type: "error", title: t`Failed to delete post. Please try again.` }),
        },
      }),
    [notify, t],
  );
}

/** The posts page: the table, its search and the delete confirmation. */
export function PostsTableContainer({ notify, logic }: { notify: Notify; logic?: typeof postsTableMachine }) {
  const provided = usePostsTableLogic(notify);
  const actor = useActorRef(logic ?? provided);
  const snap = useSelector(actor, (s) => s);
  const status = snap.matches("loading") ? "loading" : snap.matches("failed") ? "failed" : "ready";
  const visible = useMemo(() => filterPosts(snap.context.posts, snap.context.search), [snap.context.posts, snap.context.search]);

  return (
    <>
      <PostsTable
        status={status}
        posts={visible}
        hasAny={snap.context.posts.length > 0}
        search={snap.context.search}
        onSearchChange={(value) => actor.send({ type: "search.change", value })}
        onDelete={(post) => actor.send({ type: "post.delete", post })}
        onRetry={() => actor.send({ type: "posts.retry" })}
      />
      <DeletePostDialog
        title={snap.context.pendingDelete?.title ?? null}
        deleting={snap.matches({ ready: "deleting" })}
        onCancel={() => actor.send({ type: "delete.cancel" })}
        onConfirm={() => actor.send({ type: "delete.confirm" })}
      />
    </>
  );
}
