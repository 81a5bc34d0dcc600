import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { fromPromise } from "xstate";
import { useListPaging } from "@/components/data/paged-list-card";
import { loadI18n } from "@/lib/i18n/catalogs";
import { isolateText } from "@/lib/i18n/bidi";
import { getSupabase } from "@/lib/supabase/client";
import { deletePost } from "../api/delete-post";
import { POSTS_PAGE_SIZE, listPostsPage } from "../api/list-posts-page";
import { listTranslations } from "../api/list-translations";
import { postsTableMachine } from "../machines/posts-table.machine";
import { optionsMatching } from "../schemas/post";
import { postsQueryFromSearch, postsQueryToSearch } from "../schemas/posts-query";
import { DeletePostDialog } from "./delete-post-dialog";
import type { Notify } from "./notify";
import { PostsTable } from "./posts-table";

function usePostsTableLogic(notify: Notify) {
  const { t } = useLingui();
  return useMemo(
    () =>
      postsTableMachine.provide({
        actors: {
          loadPosts: fromPromise(async ({ input }) => {
            const supabase = await getSupabase();
            // The table shows category and country labels in the admin's language, and either language's label finds them.
            const translators = await Promise.all([loadI18n("ar"), loadI18n("en")]);
            const { categories, countries } = optionsMatching(input.search, translators);
            const page = await listPostsPage(supabase, { ...input, categories, countries, now: new Date().toISOString() });
            const translations = await listTranslations(supabase, page.rows);
            return { ...page, translations };
          }),
          deletePost: fromPromise(async ({ input }) => deletePost(await getSupabase(), input.post.id)),
        },
        actions: {
          notifyDeleted: (_, params) => {
            // Isolated: the title keeps its own direction inside the sentence (see isolateText).
            const title = isolateText(params.title);
            notify({ type: "success", title: t`"${title}" has been deleted.` });
          },
          notifyDeleteFailed: () => notify({ type: "error", title: t`Failed to delete post. Please try again.` }),
        },
      }),
    [notify, t],
  );
}

/** The posts page: the table with its search, filters, sort and pages (kept in the address), and the delete confirmation. */
export function PostsTableContainer({
  notify,
  logic,
  now = Date.now,
}: {
  notify: Notify;
  logic?: typeof postsTableMachine;
  now?: () => number;
}) {
  const provided = usePostsTableLogic(notify);
  const location = useLocation();
  const initial = useMemo(() => postsQueryFromSearch(location.search), []); // eslint-disable-line react-hooks/exhaustive-deps
  const actor = useActorRef(logic ?? provided, { input: { query: initial } });
  const snap = useSelector(actor, (s) => s);
  const { query, rows, total, translations } = snap.context;
  const loadedOnce = useRef(false);
  if (snap.matches("ready")) loadedOnce.current = true;
  const status = snap.matches("failed") ? "failed" : !loadedOnce.current ? "loading" : "ready";
  const busy = snap.matches("loading") || snap.matches("typing");

  const changePage = useCallback((page: number) => actor.send({ type: "page.change", page }), [actor]);
  const paging = useListPaging({
    total,
    page: query.page,
    pageSize: POSTS_PAGE_SIZE,
    loaded: snap.matches("ready"),
    shown: rows.length,
    hrefFor: (page) => `${location.pathname}${postsQueryToSearch({ ...query, page })}`,
    onPageChange: changePage,
  });
  // The search, filters, sort and page live in the address, so a reload or a shared link opens the same view.
  useEffect(() => {
    const url = new URL(window.location.href);
    url.search = postsQueryToSearch(query);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [query]);

  return (
    <>
      <PostsTable
        status={status}
        busy={busy}
        posts={rows}
        translations={translations}
        query={query}
        paging={paging}
        now={now()}
        onSearchChange={(value) => actor.send({ type: "search.change", value })}
        onFiltersChange={(filters) => actor.send({ type: "filters.change", filters })}
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
