/**
 * The posts table (docs/product.md#admin-posts, docs/admin-posts.md#table): one page of posts at a
 * time for the search, the status and language filters and the sort, all applied by the database
 * with a true count, each row with its translation; delete after a confirmation. Side effects
 * (loading, deleting, toasts) come in through `.provide()`.
 */
import { assign, fromPromise, setup } from "xstate";
import { type PagedListEvent, pagedList } from "@/lib/paged-list-machine";
import type { AdminPostSummary, PostTranslation } from "../schemas/post";
import { type PostsTableQuery, defaultPostsQuery } from "../schemas/posts-query";

export interface PostsTablePage {
  rows: AdminPostSummary[];
  /** Matching posts, all pages together. */
  total: number;
  /** Each row's translation, by the row's id (missing: not translated). */
  translations: Record<string, PostTranslation>;
}

interface PostsTableContext {
  query: PostsTableQuery;
  rows: AdminPostSummary[];
  total: number;
  translations: Record<string, PostTranslation>;
  pendingDelete: AdminPostSummary | null;
  error: string | null;
}

type PostsTableEvent =
  | { type: "posts.retry" }
  | PagedListEvent
  | { type: "filters.change"; filters: Partial<Pick<PostsTableQuery, "status" | "language" | "sort">> }
  | { type: "post.delete"; post: AdminPostSummary }
  | { type: "delete.cancel" }
  | { type: "delete.confirm" };

/** Typing pauses this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

const postsTableSetup = setup({
  types: {
    context: {} as PostsTableContext,
    events: {} as PostsTableEvent,
    input: {} as { query?: PostsTableQuery } | undefined,
  },
  actors: {
    loadPosts: fromPromise<PostsTablePage, PostsTableQuery>(async () => {
      throw new Error('posts table: the "loadPosts" actor was not provided');
    }),
    deletePost: fromPromise<void, { post: AdminPostSummary }>(async () => {
      throw new Error('posts table: the "deletePost" actor was not provided');
    }),
  },
  actions: {
    notifyDeleted: (_, _params: { title: string }) => {},
    notifyDeleteFailed: (_, _params: { title: string }) => {},
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
});

const list = pagedList<PostsTableContext, PostsTableEvent, PostsTableQuery, "loadPosts">("search", "loadPosts");

export const postsTableMachine = postsTableSetup.createMachine({
  id: "postsTable",
  context: ({ input }) => ({
    query: input?.query ?? defaultPostsQuery,
    rows: [],
    total: 0,
    translations: {},
    pendingDelete: null,
    error: null,
  }),
  initial: "loading",
  on: {
    "filters.change": {
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context, event }) => ({ ...context.query, ...event.filters, page: 1 }) }),
    },
    ...list.on,
  },
  states: {
    typing: list.typing,
    loading: list.loading,
    failed: {
      on: { "posts.retry": { target: "loading" } },
    },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "post.delete": { target: "confirming", actions: assign({ pendingDelete: ({ event }) => event.post }) },
          },
        },
        confirming: {
          on: {
            "delete.cancel": { target: "idle", actions: assign({ pendingDelete: null }) },
            "delete.confirm": { target: "deleting" },
          },
        },
        deleting: {
          invoke: {
            src: "deletePost",
            input: ({ context }) => ({ post: context.pendingDelete! }),
            onDone: {
              // Reload the page: the count changes and the next post moves up into it.
              target: "#postsTable.loading",
              actions: [
                { type: "notifyDeleted", params: ({ context }) => ({ title: context.pendingDelete!.title }) },
                assign({ pendingDelete: null }),
              ],
            },
            onError: {
              target: "idle",
              actions: [
                { type: "notifyDeleteFailed", params: ({ context }) => ({ title: context.pendingDelete!.title }) },
                assign({ pendingDelete: null }),
              ],
            },
          },
        },
      },
    },
  },
});
