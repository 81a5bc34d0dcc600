/**
 * The post editor (docs/product.md#admin-posts): load the post when editing (a failure toasts
 * and goes back to the table), then save it (create or update) with its toasts.
 */
import { assign, fromPromise, setup } from "xstate";
import type { AdminPost, PostFormValues } from "../schemas/post";

export interface PostEditorContext {
  id: string | null;
  post: AdminPost | null;
}

export type PostEditorEvent = { type: "post.save"; values: PostFormValues };

export interface SaveInput {
  id: string | null;
  previous: AdminPost | null;
  values: PostFormValues;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

export const postEditorMachine = setup({
  types: {
    context: {} as PostEditorContext,
    events: {} as PostEditorEvent,
    input: {} as { id: string | null },
  },
  actors: {
    loadPost: fromPromise<AdminPost, { id: string }>(async () => {
      throw new Error('post editor: the "loadPost" actor was not provided');
    }),
    savePost: fromPromise<AdminPost, SaveInput>(async () => {
      throw new Error('post editor: the "savePost" actor was not provided');
    }),
  },
  actions: {
    notifyLoadFailed: () => {},
    /** Back to the posts table. */
    leave: () => {},
    notifySaved: (_, _params: { created: boolean; post: AdminPost }) => {},
    notifySaveFailed: (_, _params: { message: string | null }) => {},
  },
  guards: {
    isEditing: ({ context }) => context.id !== null,
  },
}).createMachine({
  id: "postEditor",
  context: ({ input }) => ({ id: input.id, post: null }),
  initial: "start",
  states: {
    start: {
      always: [{ guard: "isEditing", target: "loading" }, { target: "editing" }],
    },
    loading: {
      invoke: {
        src: "loadPost",
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: "editing", actions: assign({ post: ({ event }) => event.output }) },
        onError: { target: "loadFailed" },
      },
    },
    loadFailed: {
      entry: ["notifyLoadFailed", "leave"],
      type: "final",
    },
    editing: {
      on: { "post.save": { target: "saving" } },
    },
    saving: {
      invoke: {
        src: "savePost",
        input: ({ context, event }) => ({ id: context.id, previous: context.post, values: (event as PostEditorEvent).values }),
        onDone: {
          target: "saved",
          actions: [
            { type: "notifySaved", params: ({ context, event }) => ({ created: context.id === null, post: event.output }) },
            assign({ post: ({ event }) => event.output, id: ({ event }) => event.output.id }),
          ],
        },
        onError: {
          target: "editing",
          actions: { type: "notifySaveFailed", params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    saved: {
      entry: "leave",
      type: "final",
    },
  },
});
