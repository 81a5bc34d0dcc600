/**
 * The posts table (docs/product.md#admin-posts): load every post, search, and delete after a
 * confirmation. Side effects (loading, deleting, toasts) come in through `.provide()`.
 */
import { assign, fromPromise, setup } from "xstate";
import type { AdminPostSummary } from "../schemas/post";

export interface PostsTableContext {
  posts: AdminPostSummary[];
  search: string;
  pendingDelete: AdminPostSummary | null;
  error: string | null;
}

export type PostsTableEvent =
  | { type: "posts.retry" }
  | { type: "search.change"; value: string }
  | { type: "post.delete"; post: AdminPostSummary }
  | { type: "delete.cancel" }
  | { type: "delete.confirm" };

/** Title, category and country, case-insensitive (docs/product.md#admin-posts). */
export function filterPosts(posts: readonly AdminPostSummary[], search: string): AdminPostSummary[] {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return [...posts];
  return posts.filter((p) => [p.title, p.category, p.country].some((f) => f.toLocaleLowerCase().includes(q)));
}

export const postsTableMachine = setup({
  types: {
    context: {} as PostsTableContext,
    events: {} as PostsTableEvent,
  },
  actors: {
    loadPosts: fromPromise<AdminPostSummary[]>(async () => {
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
}).createMachine({
  id: "postsTable",
  context: { posts: [], search: "", pendingDelete: null, error: null },
  initial: "loading",
  on: {
    "search.change": { actions: assign({ search: ({ event }) => event.value }) },
  },
  states: {
    loading: {
      invoke: {
        src: "loadPosts",
        onDone: { target: "ready", actions: assign({ posts: ({ event }) => event.output, error: null }) },
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
              target: "idle",
              actions: [
                { type: "notifyDeleted", params: ({ context }) => ({ title: context.pendingDelete!.title }) },
                assign({
                  posts: ({ context }) => context.posts.filter((p) => p.id !== context.pendingDelete!.id),
                  pendingDelete: null,
                }),
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
