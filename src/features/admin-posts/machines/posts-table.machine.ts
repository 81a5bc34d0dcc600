/**
 * The posts table (docs/product.md#admin-posts, docs/admin-posts.md#table): one page of posts at a
 * time for the search, the status and language filters and the sort, all applied by the database
 * with a true count, each row with its translation; delete after a confirmation. Side effects
 * (loading, deleting, toasts) come in through `.provide()`.
 */
import { assign, fromPromise, setup } from "xstate";
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
  | { type: "search.change"; value: string }
  | { type: "filters.change"; filters: Partial<Pick<PostsTableQuery, "status" | "language" | "sort">> }
  | { type: "page.change"; page: number }
  | { type: "post.delete"; post: AdminPostSummary }
  | { type: "delete.cancel" }
  | { type: "delete.confirm" };

/** Typing pauses this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

export const postsTableMachine = setup({
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
}).createMachine({
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
    "search.change": {
      target: ".typing",
      reenter: true,
      actions: assign({ query: ({ context, event }) => ({ ...context.query, search: event.value, page: 1 }) }),
    },
    "filters.change": {
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context, event }) => ({ ...context.query, ...event.filters, page: 1 }) }),
    },
    "page.change": {
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context, event }) => ({ ...context.query, page: Math.max(1, Math.floor(event.page)) }) }),
    },
  },
  states: {
    typing: {
      after: { searchDebounce: "loading" },
    },
    loading: {
      invoke: {
        src: "loadPosts",
        input: ({ context }) => context.query,
        onDone: {
          target: "ready",
          actions: assign({
            rows: ({ event }) => event.output.rows,
            total: ({ event }) => event.output.total,
            translations: ({ event }) => event.output.translations,
            error: null,
          }),
        },
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
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
